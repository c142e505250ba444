-- The loop parameter is declared [2] but starts with 3 elements.
-- ==
-- error: Dimensions `2` and `3` do not match

def main (n: i64) = length (loop (xs: [2]i64) = iota 3 for _i < n do xs)
