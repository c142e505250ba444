-- nextafter moves to the adjacent float; epsilon is the gap above 1.
-- ==
-- input {} output { true true true }
def main =
  (f32.nextafter 1f32 2f32 == 1f32 + f32.epsilon,
   f64.nextafter 1.0 0.0 < 1.0,
   f64.epsilon == 2.0 ** -52.0)
