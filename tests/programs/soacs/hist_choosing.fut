-- Histograms whose operator picks one of its arguments (min, max, an if): the compiled
-- backends store such a bin only when it changes, and must still give the interpreter's
-- bits: a -0 picked over a bin's 0 (equal, but not the same bits) is stored; an argmin
-- keeps the first of equal values.
-- ==
-- input { [0i64, 1i64, 0i64, 1i64, 2i64, 2i64, 0i64] [3f32, -0f32, -0f32, -0f32, 7f32, 1f32, -0f32] }
-- output { [2147483648u32, 2147483648u32, 1065353216u32] [1077936128u32, 2147483648u32, 1088421888u32]
--          [2i64, 1i64, 5i64] [2147483648u32, 2147483648u32, 0u32] }

entry main [n] (ks: [n]i64) (vs: [n]f32) =
  let mins = hist f32.min f32.inf 3 ks vs
  let maxs = hist f32.max (-f32.inf) 3 ks vs
  let (_, at) =
    unzip (hist (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
                (f32.inf, -1) 3 ks (zip vs (iota n)))
  -- Into bins of 0: the smaller, and on a tie the new one (-0 over 0).
  let news = reduce_by_index (replicate 3 0f32) (\a b -> if b <= a then b else a) f32.inf ks vs
  in (map f32.to_bits mins, map f32.to_bits maxs, at, map f32.to_bits news)
