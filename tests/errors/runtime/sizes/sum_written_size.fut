-- Sizes written in a sum type's payloads are checked at run time where the checker
-- does not know the value's (Note [Written sizes]): the payload the value holds, by an
-- expression's or a `let`'s ascription and against a function's declared result; a
-- value holding another constructor passes.  They passed unchecked.
-- ==
-- entry: ascribed
-- input { [1i64, 2i64, 3i64] } output { 3i64 }
-- input { [1i64, -2i64, 3i64] } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- input { [-1i64] } output { -1i64 }
-- entry: let_bound
-- input { [1i64, 2i64, 3i64] } output { 3i64 }
-- input { [5i64, 1i64] } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: returned
-- input { 3i64 [1i64, 2i64, 3i64] } output { 3i64 }
-- input { 3i64 [1i64, 2i64, 3i64, 4i64] } error: Value of shape \[4\] cannot match shape of type `\[3\]`
-- input { 3i64 [-1i64] } output { -1i64 }
-- entry: in_tuple
-- input { [1i64, 2i64] } output { 1i64 }
-- input { [1i64, 2i64, 3i64] } error: Value of shape \[3\] cannot match shape of type `\[2\]`

def positives (xs: []i64) = let m = length (filter (> 0) xs) in iota m

type opt3 = #some ([3]i64) | #none

def total (o: opt3) = match o case #some ys -> i64.sum ys case #none -> -1

entry ascribed (xs: []i64) =
  let ys = positives xs
  in total ((if length ys > 0 then #some ys else #none) : opt3)

entry let_bound (xs: []i64) =
  let (o: opt3) = #some (positives xs)
  in total o

def wrap (n: i64) (xs: []i64) : (#some ([n]i64) | #none) =
  if xs[0] > 0 then #some (positives xs) else #none

entry returned (n: i64) (xs: []i64) =
  match wrap n xs case #some ys -> i64.sum ys case #none -> -1

entry in_tuple (xs: []i64) =
  let (o, k) = ((#some (positives xs), 1i32) : ((#some ([2]i64) | #none), i32))
  in match o case #some ys -> i64.sum ys case #none -> i64.i32 k
