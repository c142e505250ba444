-- Using an array after it was consumed.
-- ==
-- error: Using .*, but this was consumed

def main (xs: *[]i32) = let ys = xs let xs[0] = 1 in ys
