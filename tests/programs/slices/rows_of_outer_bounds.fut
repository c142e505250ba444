-- Slices in a map's function whose bounds come from outside it (`x[1:]`, `x[k:]`,
-- `x[a:b]`, `x[::2]`): every row has the same size (`m - k`, `b - a`, `(m + 1) / 2`, m
-- the rows' size), so the compiled backends build the array of them (it was a compiler
-- limitation, "rows that may differ in size").  Over no rows, the size is what the interpreter's sample row
-- gives: the slice's size where it is in bounds, else 0.
-- ==
-- entry: tails
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[2, 3], [5, 6]] [5, 11] }
-- input { empty([0][3]i32) } output { empty([0][2]i32) empty([0]i32) }
-- input { [[1], [2]] } output { empty([2][0]i32) [0, 0] }
-- input { empty([2][0]i32) }
-- error: out of bounds
-- structure { Screma 2 Slice 1 }
entry tails (xss: [][]i32) =
  let ts = map (\x -> x[1:]) xss
  in (ts, map i32.sum ts)

-- ==
-- entry: from
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [[3], [6]] }
-- input { [[1, 2, 3], [4, 5, 6]] 3i64 } output { empty([2][0]i32) }
-- input { [[1, 2, 3], [4, 5, 6]] 0i64 } output { [[1, 2, 3], [4, 5, 6]] }
-- input { empty([0][3]i32) 1i64 } output { empty([0][2]i32) }
-- input { empty([0][3]i32) 4i64 } output { empty([0][0]i32) }
-- input { empty([0][3]i32) -1i64 } output { empty([0][0]i32) }
-- input { [[1, 2, 3]] 4i64 }
-- error: out of bounds
-- input { [[1, 2, 3]] -1i64 }
-- error: out of bounds
-- structure { Map 1 Slice 1 }
entry from (xss: [][]i32) (k: i64) = map (\x -> x[k::1]) xss

-- ==
-- entry: between
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 2i64 } output { [[2], [5]] }
-- input { [[1, 2, 3], [4, 5, 6]] 3i64 3i64 } output { empty([2][0]i32) }
-- input { empty([0][3]i32) 1i64 3i64 } output { empty([0][2]i32) }
-- input { empty([0][3]i32) 2i64 1i64 } output { empty([0][0]i32) }
-- input { empty([0][3]i32) 0i64 4i64 } output { empty([0][0]i32) }
-- input { [[1, 2, 3]] 2i64 1i64 }
-- error: out of bounds
-- input { [[1, 2, 3]] 0i64 4i64 }
-- error: out of bounds
-- structure { Map 1 Slice 1 }
entry between (xss: [][]i32) (a: i64) (b: i64) = map (\x -> x[a:b]) xss

-- A constant stride.
-- ==
-- entry: strided
-- input { [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]] 1i64 4i64 }
-- output { [[1, 3, 5], [6, 8, 10]] [[2, 5], [7, 10]] [[2, 4], [7, 9]] }
-- input { empty([0][5]i32) 1i64 4i64 }
-- output { empty([0][3]i32) empty([0][2]i32) empty([0][2]i32) }
-- input { empty([0][5]i32) 3i64 1i64 }
-- output { empty([0][3]i32) empty([0][2]i32) empty([0][0]i32) }
-- input { [[1, 2, 3, 4, 5]] 3i64 1i64 }
-- error: out of bounds
-- structure { Map 3 Slice 3 }
entry strided (xss: [][]i32) (a: i64) (b: i64) =
  (map (\x -> x[::2]) xss, map (\x -> x[1::3]) xss, map (\x -> x[a:b:2]) xss)

-- In nested maps the size moves out of both.
-- ==
-- entry: nested
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [[[2], [4]], [[6], [8]]] }
-- structure { Map 2 Slice 1 }
entry nested (xsss: [][][]i32) = map (\xss -> map (\x -> x[1:]) xss) xsss
