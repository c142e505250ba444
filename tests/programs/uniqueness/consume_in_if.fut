-- Consuming an array in both branches of an if.
-- ==
-- input { true [1, 2] } output { [0, 2] }
-- input { false [1, 2] } output { [1, 0] }
def main (b: bool) (xs: *[]i32) = if b then xs with [0] = 0 else xs with [1] = 0
