-- unflatten and split as function values (`map unflatten`): their result
-- shapes come from their types, on the compiled backends too (a compiler limitation
-- before).
-- ==
-- input { 2i64 3i64 }
-- output { [[[1i64, 1i64], [2i64, 0i64], [3i64, -1i64]], [[2i64, 2i64], [3i64, 1i64], [4i64, 0i64]]]
--          [[0i64, 0i64], [1i64, 1i64]] }
entry main (n: i64) (m: i64) =
  let rows = tabulate n (\i -> tabulate m (\j -> [i + j, i - j]) |> flatten)
  let firsts = map (\r -> r :> [2 + (m * 2 - 2)]i64) rows |> map split |> map (.0)
  in (rows |> map unflatten |> map (map (map (+ 1))), firsts)
