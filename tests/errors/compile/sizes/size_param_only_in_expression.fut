-- A size parameter used only in a parameter's size expression is inferred from an
-- argument whose size has that form; `iota 5` is not `[n + m]`.
-- ==
-- error: Ambiguous size `n`.*size expression

def count [n] [m] (_: [n + m]i64) = (n, m)

def main = count (iota 5)
