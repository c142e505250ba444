-- `iota (i64.i32 p)` has the size `i64.i32 p`, as in Futhark: not 3.
-- ==
-- error: Dimensions `i64.i32 p` and `3` do not match

def main (p: i32) = zip (iota (i64.i32 p)) (iota 3)
