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

-- Many rows (each thread's own bins, merged after): argmins by an `if` that keeps the bin
-- (then) or takes the row (then), in f32 and f16 (bins read as references on the cpu, but
-- f16's converted), agree with a sequential loop's, ties going to the first row.
-- ==
-- entry: agrees
-- input { 100000i64 } output { true true true }
-- input { 5i64 } output { true true true }

entry agrees (n: i64) : (bool, bool, bool) =
  let k = 97
  let ks = map (\i -> (i * 7919) % k) (iota n)
  let vs = map (\i -> f32.i64 ((i * 104729) % 1009)) (iota n)
  let keep (a, i) (b, j) = if a < b || (a == b && i < j) then (a, i) else (b, j)
  let take (b, j) (a, i) = if a < b || (a == b && i < j) then (a, i) else (b, j)
  let keep16 (a: f16, i: i64) (b, j) = if a < b || (a == b && i < j) then (a, i) else (b, j)
  let (_, at_keep) = unzip (hist keep (f32.inf, -1) k ks (zip vs (iota n)))
  let (_, at_take) = unzip (hist take (f32.inf, -1) k ks (zip vs (iota n)))
  let (_, at_16) = unzip (hist keep16 (f16.inf, -1) k ks (zip (map f16.f32 vs) (iota n)))
  let expect =
    loop best = replicate k (f32.inf, -1i64) for i < n do
      let b = ks[i]
      in if vs[i] < best[b].0 then best with [b] = (vs[i], i) else best
  let same at = and (map2 (==) at (map (.1) expect))
  in (same at_keep, same at_take, same at_16)
