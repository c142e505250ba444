-- f32 trigonometry and atan2.
-- ==
-- input { 0.5f32 } output { 0.479426f32 0.877583f32 0.463648f32 0.463648f32 }
def main (x: f32) = (f32.sin x, f32.cos x, f32.atan x, f32.atan2 x 1f32)
