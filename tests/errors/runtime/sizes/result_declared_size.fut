-- A function's declared result size meets a size the checker cannot know (a slice's
-- bounds): a call whose result has another size fails there, on every backend (the
-- interpreter once returned the value; compiled code checked it).
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [2, 3] 3i64 }
-- input { [1, 2, 3, 4] } error: Value of shape \[4\] cannot match shape of type `\[3\]`
-- input { [1, 2] } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: tails
-- input { [5, 6, 7] } output { [6, 7] 3i64 }
-- input { [5, 6] } error: Value of shape \[1\] cannot match shape of type `\[2\]`

def first3 (xs: []i32) : [3]i32 = xs[0:length xs]

-- A component of a tuple, whose size is a parameter.
def tail_of (k: i64) (xs: []i32) : ([k]i32, i64) = (xs[1:length xs], length xs)

entry tails (xs: []i32) = tail_of 2 xs

entry main (xs: []i32) =
  let ys = first3 xs
  let (t, n) = tail_of 2 ys
  in (ys, t, n)
