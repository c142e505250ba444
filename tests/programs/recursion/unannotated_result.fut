-- A recursive function with no written return type: its result's sizes are unknown
-- unless constant (Note [Recursive results]).  `suffix` returns a shorter array than its
-- argument: it was typed `[n]i64 -> [n]i64`, and every call that recursed failed with
-- "Value of shape [2] cannot match shape of type `[3]`".
-- ==
-- input { 5i64 } output { [3i64, 4i64] [0i64, 1i64, 2i64, 3i64, 4i64] 30i64 [7i64, 7i64] }
-- input { 2i64 } output { [0i64, 1i64] [0i64] 2i64 [7i64, 7i64] }
-- input { 0i64 } output { empty([0]i64) empty([0]i64) 0i64 [7i64, 7i64] }

def suffix [n] (xs: [n]i64) = if n < 3 then xs else suffix (tail xs)

-- Implicit sizes too.
def odd_prefix (xs: []i64) = if length xs % 2 == 1 || length xs == 0 then xs else odd_prefix (init xs)

-- A written return type keeps the size: `map2` below is checked when compiled.
def bump [n] (xs: [n]i64) (k: i64) : [n]i64 = if k == 0 then xs else bump (map (+ 1) xs) (k - 1)

-- A constant size is kept: `pair` is `i64 -> [2]i64`.
def pair (k: i64) = if k <= 0 then [7i64, 7] else pair (k - 1)

entry main (n: i64) =
  let s = suffix (iota n)
  let o = odd_prefix (iota n)
  in (s, o, i64.sum (map2 (+) (bump o 2) o), pair n)
