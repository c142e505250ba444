-- An expression's type ascription with a written size (`e : [n]t`) is checked at run
-- time where the checker does not know e's size (Note [Written sizes]), as a `let`'s
-- is; it passed unchecked (`(let n = 2 in iota n) : [n]i64` for any n).  A size the
-- checker knows to be existential (`filter`'s, a loop's) is a type error, as in Futhark.
-- ==
-- input { [1i64, 2i64, 3i64] } output { 3i64 }
-- input { [1i64, -2i64, 3i64] } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: param
-- input { 3i64 [1i64, 2i64, 3i64] } output { [0i64, 2i64, 4i64] }
-- input { 3i64 [1i64, -2i64, 3i64] } error: Value of shape \[2\] cannot match shape of type `\[3\]`
-- entry: in_tuple
-- input { [1i64, 2i64] } output { 1i64 }
-- input { [1i64, -2i64] } error: Value of shape \[1\] cannot match shape of type `\[2\]`
-- entry: shadowed
-- input { 2i64 } output { [0i64, 1i64] }
-- input { 3i64 } error: Value of shape \[2\] cannot match shape of type `\[3\]`

def positives (xs: []i64) = let m = length (filter (> 0) xs) in iota m

entry main (xs: []i64) = i64.sum (positives xs : [3]i64)

entry param (n: i64) (xs: []i64) = map (* 2) (positives xs : [n]i64)

entry in_tuple (xs: [2]i64) =
  let (a, _) = ((positives xs, 1) : ([2]i64, i32))
  in i64.sum a

entry shadowed (n: i64) = (let n = 2 in iota n) : [n]i64
