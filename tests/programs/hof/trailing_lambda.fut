-- A lambda as the last argument of an application needs no parentheses, as in newer
-- Futhark (its tests/flattening use it): its body takes the rest of the expression.
-- ==
-- entry: pointfree
-- input { [[1, 2, 3], [4, 5, 6]] [[0i64, 2i64], [1i64, 0i64]] [[7, 8], [9, 10]] }
-- output { [[7, 2, 8], [10, 9, 6]] }
entry pointfree =
  map3 \(xs: []i32) (is: []i64) (vs: []i32) ->
    scatter (copy xs) is vs

-- ==
-- entry: piped
-- input { [1, 2, 3] } output { 12 }
entry piped (xs: []i32) =
  let ys = xs |> map \x -> x * 2
  in reduce (+) 0 ys

-- ==
-- entry: nested
-- input { [[1, 2], [3, 4]] } output { [[2, 3], [4, 5]] }
entry nested (xss: [][]i32) = map (\xs -> xs |> map \x -> x + 1) xss
