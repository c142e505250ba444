-- Index sections and mixed paths: `(.[i])` is `\x -> x[i]`, and after its first step a
-- section may go on with slices and `.field`s in any order (`(.[0].f)`, `(.g[1])`):
-- the reference's `"(" "." (slice | fieldid) (slice | "." fieldid)* ")"`.  Each runs on
-- every backend (an index section was a compiler limitation before).

-- ==
-- entry: column
-- input { [[1, 2, 3], [4, 5, 6]] } output { [2, 5] }
-- input { [[1], [4]] }
-- error: out of bounds|[Ii]ndex
entry column (xss: [][]i32) = map (.[1]) xss

-- A slice with ranges, and an index taken from the enclosing scope.
-- ==
-- entry: rows
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [[2, 3], [5, 6]] [3, 6] }
entry rows (xss: [][]i32) (k: i64) = (map (.[1:]) xss, map (.[k]) xss)

-- ==
-- entry: mixed
-- input { [10, 20] [1, 2] } output { 10 2 [10, 20] [1, 2] }
entry mixed (xs: []i32) (ys: []i32) =
  let rs = map2 (\x y -> {f = x, g = [y, x]}) xs ys
  in ((.[0].f) rs, (.[1].g[0]) rs, map (.g[1]) rs, map (.g[0]) rs)

-- Tuples inside arrays inside records, two slices in a row, and a 2-D index.
-- ==
-- entry: deep
-- input { [[1, 2], [3, 4]] } output { [6, 8] 3 4 }
entry deep (m: [][]i32) =
  let r = {a = (m, map (map (* 2)) m)}
  in ((.a.1[1]) r, (.a.0[1][0]) r, (.[1, 1]) m)

-- A section as an argument of a function of our own, and composed.
-- ==
-- entry: passed
-- input { [[1, 2], [3, 4], [5, 6]] } output { [2, 4, 6] 9 }
def apply_rows 'a 'b (f: a -> b) (xs: []a) : []b = map f xs
entry passed (xss: [][2]i32) =
  (apply_rows (.[1]) xss, reduce (+) 0 (map ((.[0]) >-> id) xss))
