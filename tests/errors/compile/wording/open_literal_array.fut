-- An array literal of float literals against an array of integers: the message says
-- what its elements may be (`[1]?` said nothing).
-- ==
-- error: Cannot unify type `\[\]i32` with an array `\[1\]` of a floating-point type: argument 2 of `\+\+`

def main (xs: []i32) = xs ++ [1.5]
