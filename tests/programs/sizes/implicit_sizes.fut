-- Sizes a definition leaves to inference (`[]` in a parameter's type, an unannotated
-- parameter's) are implicit size parameters, as in Futhark: two that unify are one size,
-- and a call binds them from its arguments (frontend/TypeCheck.cpp, Note [Implicit sizes]).
-- ==
-- entry: regrid
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[2, 3, 4], [5, 6, 7]] }
-- input { empty([0][4]i32) } output { empty([0][4]i32) }

-- `xs` and `ys` are one size (map2 unifies them): the entry point checks its arguments.
-- ==
-- entry: add
-- input { [1, 2] [3, 4] } output { [4, 6] }
-- input { [1, 2, 3] [1, 2] } error: entry point `add`: argument `ys` has size 2 in dimension 1, but `d₀` = 3 from dimension 1 of `xs`

-- A local function, a recursive one and the branches of `if` take sizes of their own.
-- ==
-- entry: others
-- input { [1, 2] } output { 9i64 3i32 [7, 8, 9] }
-- input { empty([0]i32) } output { 3i64 0i32 [7, 8, 9] }

-- Unannotated parameters: the results have the arguments' sizes.
-- ==
-- entry: unannotated
-- input { [1, 2, 3] } output { [3, 4, 5] [1, 2, 3] [3, 2, 1] }

-- The result of `map f xs` has the size of `xs`: a map of rows of it is regular.
-- ==
-- entry: rows
-- input { [1, 2] } output { [[1, 2], [2, 3], [3, 4]] }

def regrid (xss: [][]i32) = flatten xss |> map (+ 1) |> unflatten

def add_arrays (xs: []i32) (ys: []i32) = map2 (+) xs ys

def sum_rec (xs: []i32) : i32 = if length xs == 0 then 0 else xs[0] + sum_rec (tail xs)

def pick b (xs: []i32) (ys: []i32) = if b then xs else ys

def twice f xs = map f (map f xs)

def pairs xs = zip xs (reverse xs)

def shifted (xs: []i32) (k: i32) = map (+ k) xs

entry add (xs: []i32) (ys: []i32) = add_arrays xs ys

entry others (xs: []i32) =
  let len (ys: []i32) = length ys
  in (len xs + len [1, 2, 3] + len (xs ++ xs), sum_rec xs, pick false xs [7, 8, 9])

entry unannotated (xs: []i32) = let (a, b) = unzip (pairs xs) in (twice (+ 1) xs, a, b)

entry rows (xs: []i32) = map (shifted xs) [0, 1, 2]
