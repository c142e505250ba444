-- A projection (here a section's, `(.a)`) applied to a number: the message names the
-- record the function wants and what it got (it said "Cannot unify a numeric type with
-- a numeric type" where the argument was a literal).
-- ==
-- error: Cannot unify a record with field `a` with type `i32`: argument 1 \(`i32` has no field `a`\)

def main (x: i32) = (.a) (x + 1)
