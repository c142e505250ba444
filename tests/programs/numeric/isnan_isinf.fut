-- isnan and isinf.
-- ==
-- input { f32.nan } output { true false }
-- input { f32.inf } output { false true }
-- input { -f32.inf } output { false true }
-- input { 1.0f32 } output { false false }
def main (x: f32) = (f32.isnan x, f32.isinf x)
