-- Type abbreviations as lifted as what they stand for: `type^` for functions and lifted
-- parameters, `type~` for hidden sizes, and a size parameter used in an expression.
-- ==
-- input { 3 } output { 4 [3, 3] 2i64 [0i64, 1i64, 2i64, 3i64] }
type^ fn = i32 -> i32
type^ box '^a = (a, i32)
type~ vec = []i32
type~ opt = #none | #some vec
type plus_one [n] = [n + 1]i64
def ap (f: fn) (x: i32) = f x
def get (o: opt) : vec = match o case #some v -> v case #none -> []
def grow [n] (xs: [n]i64) : plus_one [n] = xs ++ [n]
def main (x: i32) =
  let b : box fn = ((+ 1), 2)
  let o : opt = #some (replicate 2 x)
  in (ap b.0 x, get o, length (get o), grow (iota 3))
