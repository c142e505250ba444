-- `let a[i] = v in e` consumes `a`: a top-level definition cannot be consumed (it was
-- "Unknown name", as if `a` did not exist).
-- ==
-- error: `xs` is a top-level definition, which an in-place update cannot consume
def xs = [1, 2, 3]
def main (i: i64) = let xs[i] = 0 in xs
