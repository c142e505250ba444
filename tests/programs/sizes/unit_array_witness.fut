-- An array of units (`[n]()`) is a size's witness, as the reference suggests for a size
-- no other array carries (the containers library's computation trees: `{size: [n](),
-- tree: [size n]t}`).  It holds no data on the compiled backends, only its size, which
-- a function's size parameter is read from (the structure count fails where a backend
-- cannot build it).
-- ==
-- entry: count
-- input { [1i64, 2i64, 3i64] } output { 3i64 [1i64, 2i64, 3i64, 1i64, 2i64, 3i64] }
-- input { empty([0]i64) } output { 0i64 empty([0]i64) }
-- entry: witnessed
-- structure { Screma 0 }
-- input { 4i64 } output { 4i64 4i64 }

type tree [n] = {size: [n](), data: [n * 2]i64}

def mk [n] (xs: [n]i64) : tree [n] = {size = rep (), data = xs ++ xs}

def leaves [n] (_: tree [n]) : i64 = n

def witness_size [n] (_: [n]()) : i64 = n

entry count (xs: []i64) = let t = mk xs in (leaves t, t.data)

entry witnessed (k: i64) = (witness_size (replicate k ()), length (replicate k ()))
