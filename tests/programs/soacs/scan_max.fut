-- A running maximum with scan.
-- ==
-- input { [1, 3, 2, 5, 4] } output { [1, 3, 3, 5, 5] }
def main (xs: []i32) = scan i32.max i32.lowest xs
