-- Sums and a tuple result.
-- ==
-- input { [1, 2, 3] }
-- output { 6 3i64 }
-- input { empty([0]i32) }
-- output { 0 0i64 }
def main (xs: []i32) : (i32, i64) = (reduce (+) 0 xs, length xs)

entry halve (x: f32) : f32 = x / 2
