-- A function's parameters whose written sizes meet arguments of sizes the checker
-- cannot know (top-level constants made by `filter` or declared `[]`, as in a REPL
-- session): each call checks them, on every backend, a size parameter standing for its
-- first occurrence (a lambda's at the parameter); so do a `let`'s ascription and a
-- loop's parameter (each value it takes, and the result) and a `match` case's pattern
-- (of the case that matches).  (The interpreter read `n` off
-- the first argument and compiled code off the last, and neither checked: `pair three
-- two` gave arrays of two sizes for one `n`.)
-- ==
-- input { 1 } output { 3i64 [3, 7, 9] }
-- entry: mismatch
-- input { 0 } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: mismatch_first
-- input { 0 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: fixed
-- input { 0 } output { [2, 3, 4, 5] }
-- input { 1 } error: Value of shape \[3\] cannot match shape of type `\[4\]`
-- entry: square
-- input { 0 } output { 5 }
-- input { 1 } error: Value of shape \[2\]\[3\] cannot match shape of type `\[2\]\[2\]`
-- entry: value_param
-- input { 2i64 } output { [6, 7] }
-- input { 3i64 } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: ascribed
-- input { 0 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: recursive
-- input { 0 } output { 26 }
-- input { 1 } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: local_fn
-- input { 0 } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: lambda_row
-- input { 0 } output { [2, 4] }
-- input { 1 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: loop_param
-- input { 0i64 } output { [1, 3, 4] }
-- input { 2i64 } output { [3, 5, 6] }
-- input { 1i64 } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- input { -1i64 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: match_case
-- input { 0 } output { 3i64 }
-- input { 1 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- input { 2 } output { 15i64 }
-- input { 3 } error: Value of shape \[4\] cannot match shape of type `\[3\]`
-- entry: match_ctor
-- input { 1 } output { 0i64 }
-- input { 0 } error: Value of shape \[4\] cannot match shape of type `\[3\]`

def three = filter (> 0) [1, -2, 3, 4]
def two = filter (> 0) [-1, 5, 6]
def four = filter (> 0) [1, 2, 3, 4]
def sq : [][]i32 = [[1, 2], [3, 4]]  -- declared `[]`: sizes unknown too
def rect : [][]i32 = [[1, 2, 3], [4, 5, 6]]

def pair [n] (x: [n]i32) (y: [n]i32) : (i64, *[n]i32) = (n, map2 (+) x y)

entry main (i: i32) = pair three (map (+ i) three)
entry mismatch (_: i32) = pair three two
entry mismatch_first (_: i32) = pair two three

def plus1 (x: [4]i32) : *[4]i32 = map (+ 1) x

entry fixed (i: i32) = if i == 0 then plus1 four else plus1 three

def trace [n] (m: [n][n]i32) = m[0, 0] + m[n - 1, n - 1]

entry square (i: i32) = if i == 0 then trace sq else trace rect

def take_n (n: i64) (x: [n]i32) : *[n]i32 = map (+ 1) x

entry value_param (n: i64) = take_n n two

entry ascribed (_: i32) = let (b: [2]i32) = three in copy b

def dot [n] (x: [n]i32) (y: [n]i32) : i32 =
  if n == 0 then 0 else x[0] * y[0] + dot x[1:] y[1:]

entry recursive (i: i32) = if i == 0 then dot three three else dot three two

entry local_fn (_: i32) =
  let add [n] (x: [n]i32) (y: [n]i32) : *[n]i32 = map2 (+) x y
  in add three two

entry lambda_row (i: i32) =
  if i == 0 then map (\(r: [2]i32) -> r[1]) sq else map (\(r: [2]i32) -> r[1]) rect

entry loop_param (k: i64) =
  if k == 1 then loop (acc: [3]i32) = copy three for _i < k do map (+ 1) two
  else if k < 0 then loop (acc: [2]i32) = copy three for _i < 0 do acc
  else loop (acc: [3]i32) = copy three for _i < k do map (+ 1) acc

entry match_case (i: i32) : i64 =
  match (i, three)
  case (0, (a: [3]i32)) -> length a
  case (1, (a: [2]i32)) -> length a
  case _ ->
    match {a = two, b = if i == 2 then three else four}
    case {a = (x: [2]i32), b = (y: [3]i32)} -> 10 + length x + length y

type~ opt = #none | #some ([]i32)

entry match_ctor (i: i32) : i64 =
  match (if i == 0 then #some four else #none) : opt
  case #some (xs: [3]i32) -> length xs
  case #none -> 0
