-- A one-dimensional array passed for a two-dimensional parameter.  The message says it
-- once: it ended with Futhark's "(Argument of type `[]i32` passed for parameter of type
-- `[][]i32`: Couldn't match expected type with actual type)", the same two types again.
-- ==
-- error: ^Cannot unify type `\[\]\[\]i32` with type `\[\]i32`: argument 1 of `f`$

def f [m][n] (x: [m][n]i32) = 0
def main (xs: []i32) = f xs
