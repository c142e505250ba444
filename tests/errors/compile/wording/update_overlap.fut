-- An in-place update whose value aliases the updated array.
-- ==
-- error: Source array for in-place update might alias update value

def main (xs: *[][]i32) = let xs[0] = xs[1] in xs
