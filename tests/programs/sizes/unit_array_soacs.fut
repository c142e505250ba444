-- SOACs over arrays of units (`[n]()`), which hold no data on the compiled backends:
-- what they give has the sizes the interpreter's values have (Futhark's issue 2100, a
-- reduce_by_index of units, crashed the compiler).  An array literal of units, a map's
-- result that mixes data and units, and an element of it keep their sizes too.
-- ==
-- entry: hist
-- input { 3i64 } output { 3i64 3i64 }
-- input { 0i64 } output { 0i64 3i64 }
-- entry: scans
-- input { 4i64 } output { 4i64 2i64 [2i64, 2i64, 2i64, 2i64] }
-- entry: mixed_scan
-- input { 3i64 } output { [1, 2, 3] 2i64 }
-- entry: filtered
-- input { 3i64 true 1 } output { 3i64 [2i64, 2i64, 2i64] }
-- input { 3i64 false 1 } output { 0i64 [2i64, 2i64, 2i64] }
-- input { 0i64 true 0 } output { 0i64 empty([0]i64) }
-- input { 2i64 true 0 } error: division by zero
-- entry: literals
-- input { 1i64 } output { 3i64 [3i64, 3i64] 0i64 }
-- entry: mixed
-- input { [5i64, 6i64] 3i64 1i64 } output { 2i64 4i64 6i64 }
-- input { [5i64, 6i64] 3i64 7i64 } error: Index \[7\] out of bounds
-- entry: from_units
-- input { 3i64 } output { [1i32, 1i32, 1i32] }
-- entry: failing_operator
-- input { 2i64 } error: Assertion is false

entry hist (n: i64) =
  let hs = reduce_by_index (replicate 3 ()) (\() () -> ()) () (iota n) (replicate n ())
  let ss = scatter (replicate n ()) (iota n) (replicate n ())
  in (length ss, length hs)

entry scans (n: i64) =
  let s = scan (\() () -> ()) () (replicate n ())
  let r = reduce (\a _ -> a) [(), ()] (replicate n [(), ()])
  let rows = scan (\a _ -> a) [(), ()] (replicate n [(), ()])
  in (length s, length r, map length rows)

entry mixed_scan (n: i64) =
  let r = scan (\(a, u) (b, _) -> (a + b, u)) (0, [(), ()]) (zip (replicate n 1) (replicate n [(), ()]))
  in (map (.0) r, length r[0].1)

-- The predicate decides for every element alike; it runs (and may fail) only where
-- there is an element.
entry filtered (n: i64) (b: bool) (k: i32) =
  let kept = filter (\() -> b && 10 / k > 0) (replicate n ())
  in (length kept, map length (filter (\r -> length r > 1) (replicate n [(), ()])))

entry literals (k: i64) =
  let one = [(), (), ()]
  let two = [[(), (), ()], [(), (), ()]]
  let none = [] : []()
  in (length one * k, map length two, length none)

entry mixed (xs: []i64) (k: i64) (i: i64) =
  let ws = map (\x -> (x, replicate (k + 1) ())) xs
  in (length ws, length ws[i].1, ws[i].0)

entry from_units (n: i64) = map (\() -> 1i32) (replicate n ())

-- The operator's assertion is met by the interpreter; the compiled backends skip the
-- entry (a compiler limitation: such a reduction without the data).
entry failing_operator (n: i64) =
  length (reduce_by_index (replicate 3 ()) (\() () -> assert false ()) () (iota n) (replicate n ()))
