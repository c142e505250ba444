-- Valid: empty slices at the end and empty ranges are not errors (an unsuffixed range defaults to i32).
-- ==
-- input { [1,2,3] } output { empty([0]i32) empty([0]i64) empty([0]i32) }

def main (xs: []i32) = (xs[3:3], iota 0, 0..<0)
