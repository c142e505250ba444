-- A descending range with a stride: 10..8..>0.
-- ==
-- input { 0 } output { [10, 8, 6, 4, 2] }
-- input { 5 } output { [10, 8, 6] }
def main (z: i32) = 10..8..>z
