-- Equality on arrays compares element-wise.
-- ==
-- input { [1, 2, 3] } output { true false }
-- input { [1, 2, 4] } output { false true }
def main (xs: [3]i32) = (xs == [1, 2, 3], xs != [1, 2, 3])
