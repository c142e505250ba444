-- A size is of type i64: an i32 parameter cannot name an array's size.
-- ==
-- error: sizes are of type i64

def main (n: i32) (xs: [n]i32) = xs
