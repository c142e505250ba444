-- Equality on 2-D arrays.
-- ==
-- input { [[1, 2], [3, 4]] } output { true }
-- input { [[1, 2], [3, 5]] } output { false }
def main (a: [2][2]i32) = a == [[1, 2], [3, 4]]
