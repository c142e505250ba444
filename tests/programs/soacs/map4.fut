-- map4 over four arrays.
-- ==
-- input { [1, 2] [3, 4] [5, 6] [7, 8] } output { [16, 20] }
def main (a: []i32) (b: []i32) (c: []i32) (d: []i32) = map4 (\x y z w -> x + y + z + w) a b c d
