-- hist counts elements into bins.
-- ==
-- input { [0i64, 2i64, 2i64, 1i64, 2i64] } output { [1, 1, 3, 0] }
def main (is: []i64) = hist (+) 0 4 is (map (const 1) is)
