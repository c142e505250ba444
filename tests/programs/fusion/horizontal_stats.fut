-- Independent reductions and a map over one array: one horizontal kernel.
-- ==
-- structure { Screma 1 Reduce 0 Map 0 }
-- input { [3, 1, 4, 1, 5] } output { 14 5 1 [6, 2, 8, 2, 10] }
-- input { empty([0]i32) } output { 0 -2147483648 2147483647 empty([0]i32) }
def main (xs: []i32) =
  (reduce (+) 0 xs, reduce i32.max i32.lowest xs, reduce i32.min i32.highest xs, map (* 2) xs)
