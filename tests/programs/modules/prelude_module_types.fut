-- Parametric modules over the prelude's module types (`real`, `integral`, `float`),
-- applied to the numeric modules: the usual way Futhark libraries are written.
-- ==
-- input { [1.0, 2.0, 3.0, 4.0] [1f32, 3f32] 1000 }
-- output { 2.5 1.118033988749895 2f32 1f32 232 1 1073741824u32 }
-- input { [5.0] [0.5f32] -1 }
-- output { 5.0 0.0 0.5f32 0f32 255 2 1056964608u32 }
module stats (R: real) = {
  def mean [n] (xs: [n]R.t) : R.t = R.sum xs R./ R.i64 n
  def stddev [n] (xs: [n]R.t) : R.t =
    let m = mean xs
    in R.sqrt (mean (map (\x -> (x R.- m) R.* (x R.- m)) xs))
}
module bits (I: integral) = {
  def low_byte (x: I.t) : I.t = x I.& I.i32 255
  def ones (x: I.t) : i32 = I.popc x
}
module raw (F: float) = {
  def repr (x: F.t) : F.int_t = F.to_bits x
}
module s64 = stats f64
module s32 = stats f32
module b32 = bits i32
module r32 = raw f32
entry main (xs: []f64) (ys: []f32) (k: i32) =
  (s64.mean xs, s64.stddev xs, s32.mean ys, s32.stddev ys, b32.low_byte k, b32.ones (k & 0x101),
   r32.repr (s32.mean ys))
