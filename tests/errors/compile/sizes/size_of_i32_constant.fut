-- A size is an i64, a top-level constant's as a parameter's: `def n = 3` is an i32
-- (the default of an integer literal), so `[n]` is a type error.
-- ==
-- error: the size `n` \(sizes are of type i64\)

def n = 3

entry main (xs: [n]i32) = xs
