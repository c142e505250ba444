-- A parameter's size expression (`[n + m]`, `[n * m]`) is part of its type: inside the
-- function the parameter has that size (so `split` and `unflatten` know their result
-- shapes), and a call infers size parameters used only there from an argument of the
-- same form (`xs ++ ys : [a + b]`), as Futhark's ordinary functions do.
-- ==
-- entry: halves
-- input { [1, 2, 3] [4, 5] } output { [1, 2, 3] [4, 5] }
-- input { empty([0]i32) [7] } output { empty([0]i32) [7] }
-- entry: counts
-- input { [1, 2] [3, 4, 5] } output { 2i64 3i64 }
-- entry: rows_of
-- input { [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { [1, 2, 3, 4, 5] }
-- error: shape \[5\].*\[6\]i32
-- entry: grid
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[1, 2], [3, 4], [5, 6]] }
-- entry: later_arguments
-- input { [1, 2, 3, 4, 5, 6] [0, 0] [7, 8, 9] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { [1, 2, 3, 4, 5] [0, 0] [7, 8, 9] }
-- error: 5.*6|6.*5
-- entry: last_of_longer
-- input { [4, 5] } output { 9 2i64 }
-- entry: literal_halves
-- input { } output { [1, 2] [3, 4, 5] 2i64 3i64 }
-- entry: blocked_loop
-- input { 2i64 [1, 2, 3, 4, 5] } output { [2, 1, 4, 3, 5] [1i64, 0, 3, 2, 4] }

def halves_of [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t) = split xs

def count [n] [m] (_: [n + m]i32) = (n, m)

def rows 't (n: i64) (m: i64) (xs: [n * m]t) = unflatten xs

-- The size parameters come from later arguments; the first is checked against them.
def late [n] [m] (xs: [n * m]i32) (_: [n]i32) (_: [m]i32) = unflatten xs

def last_first [k] (xs: [k + 1]i32) (ys: [k]i32) = (xs[k], length ys)

entry halves (xs: []i32) (ys: []i32) = halves_of (xs ++ ys)

entry counts (xs: []i32) (ys: []i32) = count (xs ++ ys)

entry rows_of (xs: []i32) = rows 2 3 (xs :> [2 * 3]i32)

entry grid [n] [m] (xss: [n][m]i32) = rows n m (flatten xss)

entry later_arguments [k] (xs: [k]i32) (a: []i32) (b: []i32) = late xs a b

entry last_of_longer (ys: []i32) = last_first (ys ++ [9]) ys

-- A loop parameter keeps the size its body does not change (`[nb * b + r]` here), as
-- in Futhark, so a call in the body infers n, m and r from it; the array holds pairs.
def reverse_blocks [n] [m] [r] 't (xs: *[n * m + r]t) : *[n * m + r]t =
  let (blocks, rest) = split xs
  in sized (n * m + r) ((unflatten blocks |> map reverse |> flatten) ++ rest)

entry blocked_loop [k] (b: i64) (xs: [k]i32) =
  let nb = k / b
  let r = k % b
  let ys = sized (nb * b + r) (zip xs (iota k))
  in unzip (sized k (loop ys = copy ys for _i < 3 do reverse_blocks ys))

-- Arrays of known sizes: `[1, 2] ++ [3, 4, 5]` is of size 5, folded from 2 + 3, and
-- that form still gives n and m.
entry literal_halves =
  let (a, b) = halves_of ([1, 2] ++ [3, 4, 5])
  let (n, m) = count ([1, 2] ++ [3, 4, 5])
  in (a, b, n, m)
