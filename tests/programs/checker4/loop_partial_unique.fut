-- A loop consumes only the initial-value parts of its unique parameters:
-- `xs[0]` (for the non-unique `acc`) does not consume `xs`.
-- ==
-- input { [[1.0,2.0],[3.0,4.0]] 2i64 }
-- output { [3.0,4.0] [[2.0,3.0],[3.0,4.0]] [[1.0,2.0],[3.0,4.0]] }
def main (xs: [][]f64) (n: i64) =
  let (acc, arr) = loop (acc, arr: *[][]f64) = (xs[0], copy xs) for i < n do
    (map (+1) acc, arr with [0] = acc)
  in (acc, arr, xs)
