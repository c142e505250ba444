-- A section taking a field of an array's element (`(.[0].f)`, a path of the
-- reference's grammar) applied to an array of numbers: the message says what the
-- section's elements must be (a record with that field) and names the field missing.
-- ==
-- error: Cannot unify an array `\[\]` of a record with field `f` with type `\[\]i32`: argument 1 \(`i32` has no field `f`\)

def main (xs: []i32) = (.[0].f) xs
