-- An infinity or NaN converted to an integer gives zero (the prelude's `float` module
-- type); a finite float is truncated.
-- ==
-- input { [1f32, 0f32, -1f32] [2.75f32, -2.75f32, 100f32] }
-- output { [0i32, 0i32, 0i32] [0u32, 0u32, 0u32] [0i64, 0i64, 0i64] [0u8, 0u8, 0u8]
--          [2i32, -2i32, 100i32] }
entry main (s: []f32) (xs: []f32) =
  let specials = map (\x -> if x > 0 then f32.inf else if x < 0 then -f32.inf else f32.nan) s
  in (map i32.f32 specials, map u32.f32 specials, map (\x -> i64.f64 (f64.f32 x)) specials,
      map u8.f32 specials, map i32.f32 xs)
