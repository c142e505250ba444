-- A partial application of a consuming function may be bound to a name when what it
-- consumes is fresh (`zero (uniq x)`): no variable is consumed, so each call is free
-- to consume its own copy (Futhark rejects only the consumption of a variable).
-- ==
-- input { 5 } output { [0, 5, 5] [5, 0, 5] }
def zero (xs: *[]i32) (i: i64) = xs with [i] = 0
def uniq (x: i32) : *[]i32 = [x, x, x]
def main (x: i32) =
  let f = zero (uniq x)
  in (f 0, f 1)
