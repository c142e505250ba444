-- The loop parameter is declared [n] but the body gives 5 elements.
-- ==
-- error: Dimensions `n` and `5` do not match

def main (n: i64) = length (loop (xs: [n]i64) = iota n for _i < 2 do iota 5)
