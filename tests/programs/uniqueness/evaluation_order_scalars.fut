-- A scalar read from an array before it is updated in place holds no array, and an
-- updated array may come first in a tuple; a call's argument may read an array that
-- its other argument's evaluation does not touch.
-- ==
-- input { [1i64, 2i64, 3i64] } output { 1i64 [9i64, 2i64, 3i64] 2i64 }

def pick (xs: []i64) (i: i64) = xs[i]

def main (xs: *[]i64) =
  let (a, b) = (xs[0], xs with [0] = 9)
  let (c, d) = (b, b[1])
  in (a, c, pick c (d - 1))
