-- Checker stress (inference/sizes/uniqueness): b_reducecomm.fut
-- ==
-- input { [1,2,3] } output { 6 [1,3,6] }
def main (xs: []i32) = (reduce_comm (+) 0 xs, scan (+) 0 xs)
