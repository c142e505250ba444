-- Checker stress (inference/sizes/uniqueness): b_whilesize.fut
-- ==
-- input { [1,2,3,4,5] } output { [1] }
def main (xs: []i32) = loop ys = xs while length ys > 1 do ys[0:length ys / 2]
