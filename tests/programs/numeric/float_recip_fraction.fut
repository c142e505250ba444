-- recip and from_fraction.
-- ==
-- input { 4.0f32 } output { 0.25f32 0.75f32 -0.5 }
def main (x: f32) = (f32.recip x, f32.from_fraction 3 4, f64.from_fraction 1 (-2))
