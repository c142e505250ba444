-- Top-level constants and matched expressions of higher-order type that consume
-- nothing themselves: the consumption is inside the function (a lambda), or in a
-- first-order constant.
-- ==
-- input { 4 } output { [4, 2, 3] [9, 0] [5, 0] 7 }

def upd (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def h : i32 -> *[]i32 = \i -> upd [1, 2, 3] i

def arr : []i32 = upd (replicate 2 0) 9

def add (a: i32) (b: i32) = a + b

def main (x: i32) =
  let y = match add 3 case f -> f x
  in (h x, copy arr, upd (replicate 2 0) (x + 1), y)
