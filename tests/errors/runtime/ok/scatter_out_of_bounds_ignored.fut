-- Valid: scatter ignores out-of-bounds indices (10 and -1 here).
-- ==
-- input { [1,2,3] } output { [5,2,3] }

def main (xs: []i32) = scatter (copy xs) [0, 10, -1] [5, 6, 7]
