-- PageRank power iterations on an edge list (damping 0.85, dangling mass redistributed).
-- ==
-- "classic4"
-- input { 4i64 20 [0, 0, 1, 2, 3] [1, 2, 2, 0, 2] }
-- output { [0.372531489105097f64, 0.195813817830083f64, 0.39415469306482f64, 0.0375f64] }
-- "dangling"
-- input { 6i64 30 [0, 1, 2, 0, 4, 4, 0] [1, 2, 0, 3, 3, 0, 1] }
-- output { [0.2802603194787f64, 0.214041290280426f64, 0.237158560076711f64, 0.158099083015981f64, 0.0552203735740904f64, 0.0552203735740904f64] }
-- "empty"
-- input { 0i64 10 empty([0]i32) empty([0]i32) }
-- output { empty([0]f64) }
-- "single"
-- input { 1i64 5 empty([0]i32) empty([0]i32) }
-- output { [1f64] }
-- "zero_iters"
-- input { 3i64 0 [0] [1] }
-- output { [0.333333333333333f64, 0.333333333333333f64, 0.333333333333333f64] }
-- "random16"
-- input { 16i64 25 [1, 15, 3, 1, 9, 3, 15, 1, 7, 10, 12, 15, 6, 5, 0, 2, 3, 8, 6, 7, 11, 12, 14, 0, 7, 15, 13, 3, 7, 9, 3, 6, 8, 0, 0, 10, 9, 12, 6, 7] [3, 3, 5, 1, 6, 14, 15, 13, 7, 5, 7, 5, 6, 14, 6, 2, 3, 7, 8, 15, 14, 7, 3, 11, 12, 2, 14, 10, 14, 13, 5, 12, 5, 8, 15, 6, 0, 11, 8, 2] }
-- output { [0.0127062706270627f64, 0.0138153350218755f64, 0.155712545428522f64, 0.220123403754196f64, 0.0099009900990099f64, 0.12393132946355f64, 0.0451102893786771f64, 0.0469575055742077f64, 0.0317748706518086f64, 0.0099009900990099f64, 0.0473276373811839f64, 0.0203850542760542f64, 0.0274711457596354f64, 0.0166206155499283f64, 0.192122975609824f64, 0.0261390413254549f64] }
-- entry: top
-- "top_classic4"
-- input { 4i64 20 [0, 0, 1, 2, 3] [1, 2, 2, 0, 2] }
-- output { 2i64 0.39415469306482f64 }
-- "top_dangling"
-- input { 6i64 30 [0, 1, 2, 0, 4, 4, 0] [1, 2, 0, 3, 3, 0, 1] }
-- output { 0i64 0.2802603194787f64 }
-- "top_empty"
-- input { 0i64 10 empty([0]i32) empty([0]i32) }
-- output { -1i64 -f64.inf }
-- "top_random16"
-- input { 16i64 25 [1, 15, 3, 1, 9, 3, 15, 1, 7, 10, 12, 15, 6, 5, 0, 2, 3, 8, 6, 7, 11, 12, 14, 0, 7, 15, 13, 3, 7, 9, 3, 6, 8, 0, 0, 10, 9, 12, 6, 7] [3, 3, 5, 1, 6, 14, 15, 13, 7, 5, 7, 5, 6, 14, 6, 2, 3, 7, 8, 15, 14, 7, 3, 11, 12, 2, 14, 10, 14, 13, 5, 12, 5, 8, 15, 6, 0, 11, 8, 2] }
-- output { 3i64 0.220123403754196f64 }

-- One pagerank iteration on an edge list. Dangling vertices (no out-edges)
-- spread their rank evenly over all vertices.
def step [n] [m] (d: f64) (src: [m]i64) (dst: [m]i64) (outdeg: [n]i32) (rank: [n]f64) : [n]f64 =
  let nf = f64.i64 n
  let contrib = map (\s -> rank[s] / f64.i32 outdeg[s]) src
  let incoming = reduce_by_index (replicate n 0f64) (+) 0 dst contrib
  let dangling = map2 (\r k -> if k == 0 then r else 0) rank outdeg |> reduce (+) 0
  in map (\x -> (1 - d) / nf + d * (x + dangling / nf)) incoming

def pagerank [m] (n: i64) (iters: i32) (src: [m]i32) (dst: [m]i32) : [n]f64 =
  let s = map i64.i32 src
  let t = map i64.i32 dst
  let outdeg = hist (+) 0i32 n s (replicate m 1i32)
  let rank0 = replicate n (1 / f64.i64 n)
  in loop rank = rank0 for _i < iters do step 0.85 s t outdeg rank

entry main [m] (n: i64) (iters: i32) (src: [m]i32) (dst: [m]i32) : []f64 =
  pagerank n iters src dst

-- The highest-ranked vertex (lowest index on ties) and its rank.
entry top [m] (n: i64) (iters: i32) (src: [m]i32) (dst: [m]i32) : (i64, f64) =
  let r = pagerank n iters src dst
  let best (i, a) (j, b) =
    if a > b || (a == b && i < j) then (i, a) else (j, b)
  in reduce best (-1, -f64.inf) (zip (iota n) r)
