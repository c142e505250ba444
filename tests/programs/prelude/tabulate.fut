-- tabulate and tabulate_2d.
-- ==
-- input { 3i64 } output { [0i64, 2i64, 4i64] [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64], [20i64, 21i64, 22i64]] }
def main (n: i64) = (tabulate n (* 2), tabulate_2d n n (\i j -> 10 * i + j))
