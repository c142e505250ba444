-- pi and e.
-- ==
-- input {} output { 3.141593 2.718282 3.141593f32 2.718282f32 }
def main = (f64.pi, f64.e, f32.pi, f32.e)
