-- A polymorphic function's type arguments name sizes of the caller's scope (`'b` as
-- `(i64, [n]f32)`, n the caller's): inside the function they keep the caller's values,
-- also where the function has a size of the same name (tag's own `n`), as a sum's
-- payload that an element does not hold needs them.
-- ==
-- entry: shadowed
-- input { [1i64, 2i64] [7i64, 8i64, 9i64] [0.5f32, 1.5f32] }
-- output { [3i64, 5i64, 9i64, 10i64, 11i64] }
-- entry: local_size
-- input { 2i64 [1i64, 2i64] [3i64] } output { [2i64, 4i64, 5i64] }
-- input { 0i64 [1i64, 2i64] [3i64] } error: out of bounds

type beither 'a 'b = #left a | #right b | #noone

def tag 'a 'b [m][n] (A: [m]a) (B: [n]b) : [](beither a b) =
  map (\x -> #left x) A ++ map (\y -> #right y) B

def first (e: beither (i64, []f32) (i64, []f32)) : i64 =
  match e
  case #left (k, v) -> k + i64.f32 v[1]
  case #right (k, v) -> k + i64.f32 (f32.sum v)
  case #noone -> 0

entry shadowed [m][n] (ka: [m]i64) (kb: []i64) (w: [n]f32) =
  let A = map (\k -> (k, map (+ f32.i64 k) w)) ka
  let B = map (\k -> (k, w)) kb
  in map first (tag A B)

-- The size is a local, which the function's scope does not have.
entry local_size (s: i64) (ka: []i64) (kb: []i64) =
  let A = map (\k -> (k, replicate s (f32.i64 k))) ka
  let B = map (\k -> (k, replicate s 1f32)) kb
  in map first (tag A B)
