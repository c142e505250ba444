-- Two independent reductions over the same array (horizontal fusion).
-- ==
-- input { [3, 1, 4, 1, 5] } output { 14 5 1 }
def main (xs: []i32) = (reduce (+) 0 xs, reduce i32.max i32.lowest xs, reduce i32.min i32.highest xs)
