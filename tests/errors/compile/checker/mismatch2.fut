-- Checker must reject: mismatch2.fut
-- ==
-- error: .
def main (x: i32) (y: f32) = x + y
