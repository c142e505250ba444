-- Equality on tuples compares every component.
-- ==
-- input { 1 2 } output { true false }
-- input { 1 3 } output { false true }
def main (x: i32) (y: i32) = ((x, y) == (1, 2), (x, true) != (1, y == 2))
