-- map5 over five arrays of different types.
-- ==
-- input { [1, 2] [1i64, 2i64] [1.0f32, 2.0f32] [true, false] [10u8, 20u8] } output { [13.0f32, -26.0f32] }
def main (a: []i32) (b: []i64) (c: []f32) (d: []bool) (e: []u8) =
  map5 (\x y z w v -> let s = f32.i32 x + f32.i64 y + z + f32.u8 v
                      in if w then s else -s) a b c d e
