-- map3 over three arrays.
-- ==
-- input { [1, 2] [3, 4] [5, 6] } output { [8, 14] }
def main (a: []i32) (b: []i32) (c: []i32) = map3 (\x y z -> x * y + z) a b c
