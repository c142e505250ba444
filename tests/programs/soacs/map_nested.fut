-- Nested maps producing a multiplication table.
-- ==
-- input { 3i64 } output { [[0i64, 0i64, 0i64], [0i64, 1i64, 2i64], [0i64, 2i64, 4i64]] }
def main (n: i64) = map (\i -> map (\j -> i * j) (iota n)) (iota n)
