-- A loop's size parameters (`loop [m] (xs: [m]t) = ...`): m is the size of each value the
-- parameter takes, in the condition and the body, also inside a tuple or record pattern
-- (the interpreter read it off the whole pattern's type only, and failed with "Unknown
-- variable"); the same for `let [k] (xs: [k]t, y) = ...`.  Compiled too (was a compiler
-- limitation).
-- ==
-- entry: doubling
-- input { 5i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64] }
-- input { 0i64 } output { [0i64] }
-- entry: shifting
-- input { 5i64 } output { [3i64, 4i64, 5i64, 6i64, 7i64] }
-- input { 1i64 } output { [0i64] }
-- entry: in_tuple
-- input { 5i64 } output { [0i64, 25i64, 50i64, 75i64, 100i64] 10i64 }
-- entry: in_record
-- input { 5i64 } output { [2i64, 3i64, 4i64, 5i64, 5i64] 10i64 }
-- entry: let_tuple
-- input { 5i64 } output { 3i64 [5i64, 6i64, 7i64] }
-- input { 1i64 } output { 0i64 empty([0]i64) }

entry doubling (n: i64) = loop [m] (xs: [m]i64) = iota 1 while m < n do xs ++ map (+ m) xs

entry shifting (n: i64) =
  loop [m] (xs: [m]i64) = iota n for i < 3 do if m > 1 then xs[1:] ++ [i + m] else xs

entry in_tuple (n: i64) =
  loop [m] (xs: [m]i64, s: i64) = (iota n, 0) for _i < 2 do (map (* m) xs, s + m)

entry in_record (n: i64) =
  let r = loop [m] {a = (xs: [m]i64), b = s} = {a = iota n, b = 0} for _i < 2 do {a = xs[1:] ++ [m], b = s + m}
  in (r.a, r.b)

entry let_tuple (n: i64) =
  let [k] (xs: [k]i64, s) = (filter (> 1) (iota n), 3i64) in (k, map (+ s) xs)
