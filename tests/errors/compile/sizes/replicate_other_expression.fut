-- replicate (n + 1) and replicate (n + 2) make arrays of different sizes.
-- ==
-- error: Dimensions `n \+ 1` and `n \+ 2` do not match

def main (n: i64) = zip (replicate (n + 1) 0i32) (replicate (n + 2) 0i32)
