-- Comparisons bind looser than arithmetic and tighter than &&.
-- ==
-- input { 3 4 } output { true false }
def main (x: i32) (y: i32) = (x + 1 == y && x < y, x * 2 < y || y - x > 1)
