-- Checker stress (inference/sizes/uniqueness): b_nestedfn.fut
-- ==
-- input { [[1,2],[3,4]] } output { [[2,3],[4,5]] }
def main (xss: [][]i32) = map (map (+1)) xss
