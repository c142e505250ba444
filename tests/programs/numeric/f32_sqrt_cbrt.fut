-- f32.sqrt and f32.cbrt.
-- ==
-- input { 4.0f32 } output { 2.0f32 1.587401f32 }
-- input { 2.0f32 } output { 1.414214f32 1.259921f32 }
-- input { 0.0f32 } output { 0.0f32 0.0f32 }
def main (x: f32) = (f32.sqrt x, f32.cbrt x)
