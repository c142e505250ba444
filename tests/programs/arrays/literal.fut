-- One-dimensional array literals of several element types.
-- ==
-- input {} output { [1, 2, 3] [1i64, 2i64] [true, false] [1.5f32] }
def main = ([1, 2, 3], [1i64, 2], [true, false], [1.5f32])
