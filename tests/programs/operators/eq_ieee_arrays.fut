-- `==` compares floats as IEEE numbers, also inside arrays and tuples.
-- ==
-- input { [1f32, f32.nan] } output { false true false true }
def main (xs: []f32) = (xs == xs, [0f32] == [-0f32], f32.nan == f32.nan, (1, [2]) == (1, [2]))
