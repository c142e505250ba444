-- An integer-looking literal with a float suffix is a float.
-- ==
-- input {} output { 2.0f32 0.0 }
def main = (2f32, 0f64)
