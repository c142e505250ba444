-- Small branches of arithmetic that cannot fail run both sides and select on the compiled
-- backends: results must still be the chosen branch's, for ties, NaN, -0.0, narrow types
-- and nested conditions; a branch that could fail (integer division) is never run early.
-- ==
-- input { [3f32, 1f32, 1f32, f32.nan, -0f32, 0f32, 2f32] [4i32, 0i32, -2i32, 5i32, 0i32, 7i32, 3i32] }
-- output { -0f32 4i64 -f32.inf -f32.inf [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32] [0.75f32, 0f32, -0.5f32, f32.nan, 0f32, 0f32, 0.6666667f32] [1u8, 0u8, 0u8, 0u8, 0u8, 1u8, 1u8] [1f16, 0f16, 0f16, 1f16, 0f16, 0f16, 0f16] 4i64 }
-- input { empty([0]f32) empty([0]i32) }
-- output { f32.inf 0i64 0f32 0f32 empty([0]i32) empty([0]f32) empty([0]u8) empty([0]f16) 0i64 }

def argmin_op (d1: f32, i1: i64) (d2: f32, i2: i64) : (f32, i64) =
  if d1 < d2 || (d1 == d2 && i1 < i2) then (d1, i1) else (d2, i2)

-- The smaller of two floats, where -0 < 0 (told apart by 1/x).
def min_signed (a: f32) (b: f32) : f32 =
  if a < b || (a == b && f32.to_bits a > 0x7fffffff) then a else b

entry main [n] (ds: [n]f32) (ys: [n]i32) =
  let (best, at) = reduce argmin_op (f32.inf, n) (zip ds (iota n))
  let zeros = filter (\d -> d == 0) ds
  let m = reduce min_signed f32.inf zeros
  let m' = reduce min_signed f32.inf (reverse zeros)
  let safe = map2 (\x y -> if y == 0 then 0 else (i32.f32 x) / y * 0) ds ys
  let fdiv = map2 (\x y -> if y == 0 then 0 else x / f32.i32 y) ds ys
  let flags = map2 (\x y -> if x > 2 || (y > 2 && !(f32.isnan x)) then 1u8 else 0u8) ds ys
  let halves = map2 (\x y -> if y > 3 then f16.f32 (f32.min x 1) else 0) ds ys
  let count = map (\x -> if x >= 1 then 1 else 0) ds |> reduce (+) 0i64
  in (best, at, 1 / m, 1 / m', safe, fdiv, flags, halves, count)
