-- `for x in map f (iota n)` computes each element where the loop reads it: no iota, no
-- map (Futhark's loops/for-in3; the one Map counted is unsafe_div's).  An element of a
-- map is computed so only when the map has no other use and its function cannot fail:
-- `unsafe_div` keeps its map, so its division by zero fails even when the loop runs no
-- iteration, as on the interpreter.
-- ==
-- entry: main
-- input { 5i64 } output { 2i64 }
-- input { 0i64 } output { 0i64 }
-- structure { Iota 0 Map 1 Screma 0 }
-- entry: unsafe_div
-- input { [1, 2] 2i64 } output { 15 }
-- input { [0, 2] 0i64 } error: division by zero

entry main (n: i64) =
  let xs = map (2 *) (map (1 +) (iota n))
  in loop a = 0 for x in xs do a ^ x

entry unsafe_div (xs: []i32) (n: i64) =
  let ys = map (\x -> 10 / x) xs
  in loop a = 0 for i < n do a + ys[i]
