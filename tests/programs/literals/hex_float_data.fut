-- Hexadecimal floats in test data too (the value reader reads the reference's
-- hexadecimalfloat), with suffixes, signs and digit separators.
-- ==
-- input { [0x1.8p1, -0x1.0p-2, 0x1_0.8P+1] 0x1.fp3f32 }
-- output { [4.0, 0.75, 34.0] 0x1.0p4f32 }
entry main (xs: []f64) (y: f32) : ([]f64, f32) = (map (+ 1) xs, y + 0.5)
