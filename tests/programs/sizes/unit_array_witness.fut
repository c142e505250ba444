-- An array of units (`[n]()`) is a size's witness, as the reference suggests for a size
-- no other array carries (the containers library's computation trees: `{size: [n](),
-- tree: [size n]t}`).  It holds no data on the compiled backends, only its size, which
-- a function's size parameter is read from (the structure count fails where a backend
-- cannot build it).
-- ==
-- entry: count
-- input { [1i64, 2i64, 3i64] } output { 3i64 [1i64, 2i64, 3i64, 1i64, 2i64, 3i64] }
-- input { empty([0]i64) } output { 0i64 empty([0]i64) }
-- entry: through_if
-- input { true [1i64, 2i64, 3i64] 3i64 5i64 } output { 3i64 3i64 1 }
-- input { false [1i64, 2i64] 3i64 5i64 } output { 2i64 5i64 2 }
-- entry: mapped
-- input { [1, 2, 3] 1i64 } output { 3i64 3i64 2i64 }
-- input { [1, 2, 3] 5i64 } error: Index \[5\] out of bounds for array of shape \[3\]\[2\]
-- entry: witnessed
-- structure { Screma 0 }
-- input { 4i64 } output { 4i64 4i64 }
-- entry: empty_witness
-- input { [5, 6, 7] } output { [3, 4, 5] }
-- entry: through_loop
-- input { 4i64 } output { 4i64 7i64 12i64 }
-- input { 0i64 } output { 0i64 3i64 0i64 }

type tree [n] = {size: [n](), data: [n * 2]i64}

def mk [n] (xs: [n]i64) : tree [n] = {size = rep (), data = xs ++ xs}

def leaves [n] (_: tree [n]) : i64 = n

def witness_size [n] (_: [n]()) : i64 = n

entry count (xs: []i64) = let t = mk xs in (leaves t, t.data)

-- Through an `if`: the same size in both branches, or each branch's own.
entry through_if (b: bool) (xs: []i64) (k: i64) (m: i64) =
  let (w, x) = if b then (replicate k (), 1) else (replicate m (), 2)
  in (leaves (if b then mk xs else mk (map (+ 1) xs)), witness_size w, x)

-- Made by a map whose function cannot fail, and indexed (with the bounds check a row of
-- any other array has).
entry mapped (xs: []i32) (i: i64) =
  let ws = map (\_ -> ()) xs
  let wss = replicate (length xs) (replicate 2 ())
  in (witness_size ws, length ws, length wss[i])

entry witnessed (k: i64) = (witness_size (replicate k ()), length (replicate k ()))

-- Carried by a loop: along unchanged, or growing (a size of each iteration's own).
entry through_loop (k: i64) =
  let (w, acc) = loop (w, acc) = (replicate k (), 0) for i < 3 do (w, acc + witness_size w)
  let g = loop g = replicate k () for _i < 3 do replicate (witness_size g + 1) ()
  in (witness_size w, witness_size g, acc)

-- An empty array of rows of units (`[0][n]()`, diku-dk/sparse's matrices): the size of
-- its rows, which no element carries, comes from its type.
type~ mat [n] = ?[k]. {size: [0][n](), data: [k]i32}

def mk_mat [n] (xs: [n]i32) : mat [n] = {size = [], data = xs}

def dense [n] (m: mat [n]) : [n]i32 = tabulate n (\i -> i32.i64 i + i32.i64 (length m.data))

entry empty_witness [n] (xs: [n]i32) : [n]i32 = dense (mk_mat xs)
