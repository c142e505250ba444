-- bool from floats and u8.
-- ==
-- input { 0.0 0u8 } output { false false }
-- input { 0.5 3u8 } output { true true }
def main (x: f64) (y: u8) = (bool.f64 x, bool.u8 y)
