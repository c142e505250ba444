-- An entry point's own result is checked against its declared sizes where the checker
-- cannot know them (a slice's bounds), as a call's result is, on every backend (both
-- executors once returned it unchecked).
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] }
-- input { [1, 2] } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: sized
-- input { [1, 2, 3] } output { [1, 2] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: pair
-- input { [5, 6, 7] } output { [6, 7] 3i64 }
-- input { [5, 6] } error: Value of shape \[1\] cannot match shape of type `\[2\]`

entry main (xs: []i32) : [3]i32 = xs[0:length xs]

-- A size parameter's: one less than n, but 0 for an empty array.
entry sized [n] (xs: [n]i32) : [i64.max 0 (n - 1)]i32 = xs[0:i64.max 0 (n - 1)]

entry pair (xs: []i32) : ([2]i32, i64) = (xs[1:length xs], length xs)
