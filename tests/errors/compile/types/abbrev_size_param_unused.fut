-- Each size parameter of a type abbreviation is a size in it.
-- ==
-- error: Size parameter \[n\] of type `matrix` is unused

type matrix [n] = i32
def main (x: i32) = x
