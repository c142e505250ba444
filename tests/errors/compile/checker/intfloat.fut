-- Checker must reject: intfloat.fut
-- ==
-- error: .
def main (x: f32) = x + 1i32
