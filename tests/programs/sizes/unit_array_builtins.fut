-- The structural built-ins on arrays of units (`[n]()`, size witnesses): concat,
-- reverse, transpose, flatten, unflatten, split, slices (take, drop), rotate, updates,
-- zips and coercions keep their sizes on the compiled backends (Note [Carriers] in
-- compiler/Lower.cpp), and fail where the interpreter fails.
-- ==
-- entry: lengths
-- input { 3i64 } output { [5i64, 3i64, 2i64, 2i64, 2i64, 9i64, 3i64, 3i64, 3i64, 3i64, 2i64, 3i64, 3i64] }
-- input { 1i64 } output { [3i64, 1i64, 2i64, 0i64, 0i64, 3i64, 1i64, 3i64, 1i64, 1i64, 0i64, 1i64, 1i64] }
-- input { 0i64 } error: out of bounds
-- entry: mixed
-- input { [1, 2, 3] } output { 6i64 [3, 2, 1, 1, 2, 3] 2i64 [2, 3] }
-- entry: coerced
-- input { 3i64 } output { 3i64 }
-- input { 2i64 } error: cannot match shape of type `\[3\]\(\)`
-- entry: coerced_rows
-- input { 2i64 } output { 2i64 }
-- input { 3i64 } error: Value of shape \[2\]\[2\] cannot match shape of type `\[2\]\[k\]\(\)`
-- entry: reshaped
-- input { 2i64 3i64 } output { 6i64 2i64 3i64 }
-- input { 2i64 0i64 } output { 0i64 2i64 0i64 }
-- entry: badly_reshaped
-- input { 5i64 } error: unflatten: cannot reshape array of size 5 to \[2\]\[2\]
-- entry: unit_results
-- input { 2i64 } auto output
-- input { 0i64 } auto output

def u (k: i64) = replicate k ()

entry lengths (k: i64) : []i64 =
  [ length (u k ++ u 2)
  , length (reverse (u k))
  , length (take 2 (u (k + 1)))
  , length (drop 1 (u k))
  , length ((u k)[1:])
  , length (flatten (replicate k (u 3)))
  , length (unflatten (u (k * 2)) :> [k][2]())
  , length (transpose (replicate k (u 3)))
  , length (zip (u k) (iota k))
  , length (rotate 1 (u k))
  , let (_, b) = split (u k :> [1 + (k - 1)]()) in length b
  , length ((copy (u k)) with [0] = ())
  , length (u k)[0:k:1]
  ]

-- Arrays of tuples with a component of no leaves go with their other components.
entry mixed (xs: []i32) =
  let ps = map (\x -> (x, replicate 2 ())) xs
  let both = reverse ps ++ ps
  let (firsts, _) = unzip both
  in (length both, firsts, length (both[1].1), map (.0) (drop 1 ps))

entry coerced (k: i64) = length (u k :> [3]())

entry coerced_rows (k: i64) = length (replicate 2 (replicate 2 ()) :> [2][k]())[0]

entry reshaped (n: i64) (m: i64) =
  let a = unflatten (u (n * m)) :> [n][m]()
  in (length (flatten a), length a, length (transpose a)[0:m])

entry badly_reshaped (k: i64) = length (unflatten (u k) : [2][2]())

entry unit_results (k: i64) = (u k ++ u 1, transpose (replicate 2 (u k)), (u (k + 1))[1:])
