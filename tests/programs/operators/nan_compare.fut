-- NaN compares unequal to everything, including itself.
-- ==
-- input { f32.nan } output { false true false false }
-- input { 1.0f32 } output { true false false true }
def main (x: f32) = (x == x, x != x, x < 0f32, x <= 1f32)
