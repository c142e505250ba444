-- The unique part of a loop's initial value is consumed: `xs` is not consumable.
-- ==
-- error: consum
def main (xs: [][]f64) (n: i64) =
  let (acc, arr) = loop (acc, arr: *[][]f64) = (xs[0], xs) for i < n do
    (map (+1) acc, arr with [0] = acc)
  in (acc, arr)
