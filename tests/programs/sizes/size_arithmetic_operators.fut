-- Size expressions of Futhark's other integer operators (`/ % // %% **`), not only
-- `+ - *`: a result sized `[n / 2]`, two of which zip; a parameter `[2 ** k]` whose k a
-- call infers from an argument coerced to `[2 ** j]` (Futhark's tests/loops/
-- pow2reduce.fut works so); `%`, `//` and `%%` evaluated where the names are bound.
-- ==
-- entry: evens_odds
-- input { [1, 2, 3, 4, 5] } output { [3, 7] }
-- input { empty([0]i32) } output { empty([0]i32) }

def evens [n] (xs: [n]i32) : [n / 2]i32 = tabulate (n / 2) (\i -> xs[2 * i])
def odds [n] (xs: [n]i32) : [n / 2]i32 = tabulate (n / 2) (\i -> xs[2 * i + 1])
entry evens_odds (xs: []i32) = map2 (+) (evens xs) (odds xs)

-- ==
-- entry: tree_sum
-- input { [1, 2, 3, 4, 5, 6, 7, 8] } output { 36 }
-- input { [7] } output { 7 }
-- input { [1, 2, 3] } error: cannot match shape

def halve [k] (xs: [2 ** k]i32) : [2 ** (k - 1)]i32 =
  tabulate (2 ** (k - 1)) (\i -> xs[2 * i] + xs[2 * i + 1])

def tree [k] (xs: [2 ** k]i32) : i32 =
  let ys = loop ys = xs for j in reverse (iota k) do halve (ys :> [2 ** (j + 1)]i32)
  in ys[0]

entry tree_sum [n] (xs: [n]i32) =
  let k = i64.i32 (63 - i64.clz n)
  in tree (xs :> [2 ** k]i32)

-- ==
-- entry: remainders
-- input { 7i64 } output { [0i64] [0i64, 1i64] [0i64, 1i64, 2i64] }
-- input { 9i64 } output { empty([0]i64) [0i64, 1i64, 2i64] [0i64] }

def mods (n: i64) : ([n % 3]i64, [n // 3]i64, [n %% 4]i64) =
  (iota (n % 3), iota (n // 3), iota (n %% 4))
entry remainders (n: i64) = mods n
