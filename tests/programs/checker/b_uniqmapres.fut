-- Checker stress (inference/sizes/uniqueness): b_uniqmapres.fut
-- ==
-- input { [1,2] } output { [5,3] }
def main (xs: []i32) = let ys = map (+1) xs let ys[0] = 5 in ys
