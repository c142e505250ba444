-- A type abbreviation for a 2-D array.
-- ==
-- input { [[1, 2], [3, 4]] } output { 10 }
type matrix [n] [m] = [n][m]i32
def total [n] [m] (a: matrix [n] [m]) = i32.sum (flatten a)
def main (a: [][]i32) = total a
