-- Checker stress (inference/sizes/uniqueness): loopsize.fut
-- ==
-- input { [1,2,3] } output { [8,16,24] }
def main [n] (xs: [n]i32) : [n]i32 = loop ys = xs for i < 3 do map (*2) ys
