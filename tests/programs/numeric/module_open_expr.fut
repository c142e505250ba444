-- Locally opening a numeric module with m.(e).
-- ==
-- input { 2.0f32 } output { 1.414214f32 }
def main (x: f32) = f32.(sqrt x)
