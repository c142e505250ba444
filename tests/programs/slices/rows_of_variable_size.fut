-- Slices in a map's function whose bounds differ by one variable defined outside it
-- (`xs[i:i+k]`, `xs[i*k:(i+1)*k]`, Futhark's `xs[:k]` and `xs[0:k:1]`) give rows of that
-- size: the compiled backends build the array of them (it was a compiler limitation,
-- "irregular array"), and the interpreter's empty array of such rows has it too.
-- ==
-- entry: windows
-- input { 3i64 [1, 2, 3, 4, 5] }
-- output { [[1, 2, 3], [2, 3, 4], [3, 4, 5]] [6, 9, 12] }
-- input { 2i64 [7] }
-- output { empty([0][2]i32) empty([0]i32) }
-- input { -1i64 [7] }
-- error: out of bounds
-- entry: blocks
-- input { 2i64 [1, 2, 3, 4, 5] }
-- output { [[1, 2], [3, 4]] }
-- input { 4i64 [1, 2] }
-- output { empty([0][4]i32) }
-- entry: prefixes
-- input { 2i64 [1, 2, 3] }
-- output { [[1, 2], [2, 3]] [[1, 2], [3, 4]] }
-- input { 4i64 [1, 2, 3] }
-- error: out of bounds

entry windows (k: i64) (xs: []i32) =
  let ws = map (\i -> xs[i:i + k]) (iota (i64.max 0 (length xs - k + 1)))
  in (ws, map i32.sum ws)

entry blocks (k: i64) (xs: []i32) = map (\i -> xs[i * k:(i + 1) * k]) (iota (length xs / k))

entry prefixes (k: i64) (xs: []i32) =
  (map (\j -> map (+ i32.i64 j) xs[:k]) (iota 2),
   map (\j -> map (+ i32.i64 (j * k)) xs[0:k:1]) (iota 2))
