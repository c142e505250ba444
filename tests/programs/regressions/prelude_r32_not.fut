-- Futhark's prelude.fut helpers: r32/t32/r64/t64, not, opaque, trace.
-- ==
-- input { [1,2] [1.7f32] [true,false] } output { [1f32,2f32] [1i32] [false,true] 2f64 3 }
def main (xs: []i32) (ys: []f32) (bs: []bool) =
  (map r32 xs, map t32 ys, map not bs, r64 (opaque 2), trace 3)
