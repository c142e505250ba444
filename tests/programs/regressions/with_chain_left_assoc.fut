-- `with` is left-associative: `a with [i] = x with [j] = y` updates `a` twice.
-- ==
-- input { [1,2,3] } output { [3,2,1] }
def main (xs: *[]i32) =
  let a = xs[0]
  let b = xs[2]
  in xs with [0] = b with [2] = a
