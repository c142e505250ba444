-- mul_hi gives the high half of the full product of its operands' bits taken as
-- unsigned, for signed types too (as Futhark's: `i32.mul_hi (-1) 1` is 0, the high half
-- of 0xffffffff * 1); mad_hi adds a third value.
-- ==
-- input { 65536 65536 } output { 1 6 }
-- input { -1 1 } output { 0 5 }
-- input { -1 -1 } output { -2 3 }
-- input { 2 -1 } output { 1 6 }
def main (x: i32) (y: i32) = (i32.mul_hi x y, i32.mad_hi x y 5)

-- ==
-- entry: narrow_and_wide
-- input { } output { 0i8 1i8 -2i16 1i16 -2i64 1i64 }
entry narrow_and_wide =
  (i8.mul_hi 1 (-1), i8.mul_hi 2 (-128), i16.mul_hi (-1) (-1), i16.mul_hi 2 (-32768),
   i64.mul_hi (-1) (-1), i64.mul_hi 2 (-1))

-- Over arrays long enough for the cpu backend's C++ compiler to vectorise the loop
-- (GCC 12 once turned the narrow product into a signed high multiply there).
-- ==
-- entry: over_arrays
-- input { [2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, 2i16, -1i16]
--         [-32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -32768i16,
--          -32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -32768i16, -1i16] }
-- output { [1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, 1i16, -2i16]
--          [1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, 1i8, -2i8] }
entry over_arrays (xs: []i16) (ys: []i16) =
  (map2 i16.mul_hi xs ys, map2 (\x y -> i8.mul_hi (i8.i16 x) (i8.i16 (y >> 8))) xs ys)
