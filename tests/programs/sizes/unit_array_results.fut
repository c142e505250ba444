-- Entry results that are arrays of values that hold no data (`[n]()`): the compiled
-- backends return their sizes, which Loom makes into the arrays again (the value format
-- has no `()`, so the interpreter's results are the expected ones).
-- ==
-- entry: units
-- input { 3i64 } auto output
-- input { 0i64 } auto output
-- entry: rows
-- input { 2i64 3i64 } auto output
-- input { 0i64 3i64 } auto output
-- entry: zipped
-- input { [1, 2] } auto output
-- input { empty([0]i32) } auto output
-- entry: nested
-- input { 2i64 1i64 } auto output

entry units (n: i64) : [n]() = replicate n ()

entry rows (n: i64) (m: i64) : ([n][m](), i32) = (replicate n (replicate m ()), 7)

entry zipped (xs: []i32) = map (\x -> (x, replicate 2 (), {})) xs

entry nested (n: i64) (m: i64) : {a: [n]([m](), ()), b: i64} =
  {a = replicate n (replicate m (), ()), b = n}
