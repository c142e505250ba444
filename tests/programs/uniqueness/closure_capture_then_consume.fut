-- A closure that captures an array, used before the array is consumed: accepted, and
-- a size-lifted type parameter (`'~a`, never a function) may be an `if`'s result.
-- ==
-- input { 1 [10, 20, 30] } output { [11, 21, 31] [2, 20, 30] [1, 2] }
def pick '~a (b: bool) (x: a) (y: a) : a = if b then x else y
def main (y: i32) (quux: *[]i32) =
  let f = \(x: i32) -> x + y
  let g (i: i64) = quux[i] + y
  let r = map g (indices quux)
  let quux[0] = f 1
  in (r, quux, pick true [1, 2] [3, 4])
