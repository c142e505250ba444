-- A size named after a variable that a later binding shadows: the checker compares
-- size names, so it takes the outer `n`'s size for the inner `n`'s, and the backends
-- check at run time (Note [Local size names], Note [Written sizes]).  Compiled code
-- rebound the inner n to the size of an array a `match` case or a `let` binds (summing
-- 5 elements where the interpreter stopped), took a function's result to have its
-- declared size unchecked, and let a sum's payload through an ascription.
-- ==
-- entry: in_match
-- input { 2i64 } output { 2i64 }
-- input { 5i64 } error: different lengths \(5 and 2\)
-- entry: in_let
-- input { 2i64 } output { 2i64 }
-- input { 5i64 } error: different lengths \(5 and 2\)
-- entry: sum_ascription
-- input { 2i64 } output { 2i64 }
-- input { 5i64 } error: Value of shape \[5\] cannot match shape of type `\[2\]`
-- entry: let_ascription
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 3i64 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: exp_ascription
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 3i64 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: local_param
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 3i64 } error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- entry: result
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 5i64 } error: Value of shape \[2\] cannot match shape of type `\[5\]`
-- entry: result_used
-- input { 2i64 } output { 2i64 }
-- input { 5i64 } error: Value of shape \[2\] cannot match shape of type `\[5\]`
-- entry: outer_param
-- input { 3i64 [1i64, 2i64, 3i64] } output { [1i64, 3i64, 5i64] }
-- input { 2i64 [1i64, 2i64] } error: different lengths \(2 and 3\)

entry in_match (n: i64) =
  let xs = iota n
  let n = 2
  in match (xs, 1i32) case (ys, _) -> i64.sum (map2 (+) ys (iota n))

entry in_let (n: i64) =
  let xs = iota n
  let n = 2
  let (ys, _) = (xs, 1i32)
  in i64.sum (map2 (+) ys (iota n))

entry sum_ascription (n: i64) =
  let xs = iota n
  let n = 2
  in match (#some xs : (#some ([n]i64) | #none))
     case #some ys -> i64.sum (map2 (+) ys (iota n))
     case #none -> 0

entry let_ascription (n: i64) = let xs = iota n in let n = 2 in let (ys: [n]i64) = xs in ys

entry exp_ascription (n: i64) = let xs = iota n in let n = 2 in (xs : [n]i64)

entry local_param (n: i64) = let xs = iota n in let n = 2 in let f (zs: [n]i64) = zs in f xs

def sized (n: i64) : [n]i64 = let n = 2 in iota n

entry result (n: i64) = sized n

entry result_used (n: i64) = i64.sum (map2 (+) (sized n) (iota n))

entry outer_param (n: i64) (xs: [n]i64) = let n = 3 in map2 (+) xs (iota n)
