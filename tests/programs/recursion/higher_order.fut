-- Recursive functions taking functions: each recursive call passes its function
-- parameter on unchanged (the checker's rule, Futhark's); compiled, one function per
-- function passed, with what that function captures (k, ys, a map's row r) passed along.
-- ==
-- entry: captured
-- input { 2 [1, 2, 3] [4, 5, 6, 7] }
-- output { 87 8 [22, 44, 66] [61, 71, 81, 91] 132 }
-- input { -1 [5] empty([0]i32) }
-- output { 1 0 [0] empty([0]i32) 0 }
-- entry: in_loop
-- input { [1, 2, 3] } output { [1, 2, 3, 6, 24] }

def rec_fold (f: i32 -> i32 -> i32) (acc: i32) (xs: []i32) : i32 =
  if length xs == 0 then acc else rec_fold f (f acc xs[0]) xs[1:]

-- Two function parameters, one of them partially applied by the caller.
def rec_map2 [n] (f: i32 -> i32) (g: i32 -> i32 -> i32) (xs: [n]i32) (out: *[n]i32) (i: i64) : *[n]i32 =
  if i == n then out else rec_map2 f g xs (out with [i] = g (f xs[i]) 1) (i + 1)

-- Calls another recursive function with its own function parameter.
def twice_fold (f: i32 -> i32 -> i32) (k: i32) (xs: []i32) : i32 =
  if k == 0 then 0 else rec_fold f 0 xs + twice_fold f (k - 1) xs

entry captured (k: i32) (ys: []i32) (xs: []i32) =
  ( rec_fold (\a x -> a * k + x) 1 xs
  , rec_fold (\a x -> a + ys[i64.i32 x % length ys]) 0 xs
  , map (\r -> rec_fold (\a x -> a + r * x) 0 xs) ys
  , rec_map2 (\x -> x + k) (\a b -> a * 10 + b) xs (replicate (length xs) 0) 0
  , twice_fold (\a x -> a + x * k) 3 xs
  )

-- A loop whose array grows is lowered again with its sizes as loop variables: the
-- function made for the first try captures variables of a body that is dropped.
entry in_loop (xs: []i32) =
  loop ys = xs for i < 2 do
    let k = i32.i64 i + 1
    in ys ++ [rec_fold (\a x -> a + x * k) 0 ys]
