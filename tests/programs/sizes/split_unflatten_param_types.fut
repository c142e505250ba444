-- split and unflatten of a parameter whose type gives the sizes: `[n * m + r]` splits
-- at n * m (a radix sort's blocks and rest), and `[R * C]` of top-level constants
-- unflattens to `[R][C]`, on every backend.
-- ==
-- entry: blocks
-- input { [1, 2, 3, 4, 5] } output { [1, 2, 3, 4] [5] }
-- entry: grid
-- input { [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }

def R = 2i64
def C = 3i64

def blocks_and_rest (n: i64) (m: i64) (r: i64) (xs: [n * m + r]i32) : ([n * m]i32, [r]i32) = split xs

entry blocks (xs: [5]i32) = blocks_and_rest 2 2 1 xs

entry grid (xs: [R * C]i32) : [R][C]i32 = unflatten xs
