-- Checker stress (inference/sizes/uniqueness): uniq6.fut
-- ==
-- input { [1,2,3] } output { [1,2,9] }
def upd (xs: *[]i32) (i: i64) (v: i32) = xs with [i] = v
def main (xs: *[]i32) = upd xs 2 9
