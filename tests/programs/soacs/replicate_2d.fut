-- replicate of an array gives a matrix.
-- ==
-- input { 2i64 [1, 2] } output { [[1, 2], [1, 2]] }
def main (n: i64) (xs: []i32) = replicate n xs
