-- Consuming one component of a unique tuple parameter leaves the other usable, but
-- not the one consumed.
-- ==
-- error: Using `p`, but this was consumed

def f (p: *([]i32, []i32)) =
  let a = p.0 with [0] = 1
  in (a, p.0)
