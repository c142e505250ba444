-- A right section of an operator whose first parameter is unique takes that parameter
-- as it is: applying `(<-< 1)` to `ys` consumes `ys`, which may not be used after.
-- (Futhark: "Using ys, but this was consumed".)
-- ==
-- error: Using `ys`, but this was consumed

def (<-<) (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def main (ys: *[]i32) =
  let a = (<-< 1) ys
  in (a, ys)
