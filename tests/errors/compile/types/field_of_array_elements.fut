-- A section taking a field of an array's element (`(.[0].f)`, a path of the
-- reference's grammar) applied to an array of numbers: the arrays' types say little
-- (`[]?`), so the message names the field that is missing.
-- ==
-- error: Cannot unify type `\[\]\?` with type `\[\]i32`: argument 1 \(`i32` has no field `f`\)

def main (xs: []i32) = (.[0].f) xs
