-- f16's nextafter steps to the next half, not to the next float rounded back.
-- ==
-- input { [1f16, 0f16, 1f16, -1f16, 65504f16, 2f16] [2f16, 1f16, 0f16, -2f16, f16.inf, 2f16] }
-- output { [15361u16, 1u16, 15359u16, 48129u16, 31744u16, 16384u16] }
entry main (xs: []f16) (ys: []f16) = map2 (\x y -> f16.to_bits (f16.nextafter x y)) xs ys
