-- A right section of an operator whose first parameter is unique consumes what it is
-- applied to, as a full application would; used once, that is fine.
-- ==
-- input { [5, 6, 7] } output { [1, 6, 7] 3i64 }

def (<-<) (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def main (ys: *[]i32) =
  let n = length ys
  let a = (<-< 1) ys
  in (a, n)
