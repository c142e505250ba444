-- A signed integer widens into an unsigned type by zero extension (the prelude's rule):
-- `u16.i8 (-128)` is 128, not 65408; into a signed type, by sign extension.
-- ==
-- input { -128i8 -32768i16 -1i32 }
-- output { 128u16 128u32 128u64 32768u32 32768u64 4294967295u64 -128i16 -32768i64 255u8 }
-- input { 5i8 7i16 9i32 }
-- output { 5u16 5u32 5u64 7u32 7u64 9u64 5i16 7i64 9u8 }
entry main (x: i8) (y: i16) (z: i32) =
  (u16.i8 x, u32.i8 x, u64.i8 x, u32.i16 y, u64.i16 y, u64.i32 z, i16.i8 x, i64.i16 y,
   u8.i32 z)
