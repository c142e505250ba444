-- Updating a strided slice.
-- ==
-- input { [0, 0, 0, 0, 0, 0] } output { [1, 0, 1, 0, 1, 0] }
def main (xs: *[6]i32) = xs with [::2] = replicate 3 1
