-- A loop inside a helper function, used through map.
-- ==
-- input { [0, 1, 5] } output { [1, 2, 32] }
def pow2 (n: i32) = loop p = 1 for _i < n do p * 2
def main (xs: []i32) = map pow2 xs
