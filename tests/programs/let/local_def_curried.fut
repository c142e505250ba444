-- A local function with several parameters, partially applied.
-- ==
-- input { [1, 2, 3] } output { [10, 20, 30] }
def main (xs: []i32) =
  let mul (a: i32) (b: i32) = a * b
  in map (mul 10) xs
