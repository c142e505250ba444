-- An array of tuples longer than memory can hold: out of memory at the expression.
-- ==
-- input { 2i64 } output { [1i64, 1i64] [2i64, 2i64] }
-- input { 4611686018427387904i64 } error: out of memory

def main (n: i64) = unzip (map (\i -> (i + 1 - i, 2 * (i + 1) - 2 * i)) (iota n))
