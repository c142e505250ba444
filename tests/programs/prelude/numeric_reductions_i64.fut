-- i64.sum and i64.maximum.
-- ==
-- input { [10000000000i64, 20000000000i64] } output { 30000000000i64 20000000000i64 }
def main (xs: []i64) = (i64.sum xs, i64.maximum xs)
