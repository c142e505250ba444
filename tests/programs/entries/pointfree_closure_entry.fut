-- An entry point whose body is a partial application capturing a parameter: its
-- expansion's result is fresh (the map's), though the closure aliases the parameter
-- (Futhark's tests/flattening/map/slice-nested.fut).
-- ==
-- entry: main
-- input { [1i64, 2i64, 3i64, 4i64, 5i64] [-5i64, 7i64] [2i64, 3i64] [3i64, 4i64] }
-- output { [-2i64, 11i64] }
entry main A = map3 (\x i j -> i64.sum (map (+x) A[i:j]))

-- ==
-- entry: scatters
-- input { [1i64] [[9.0, 8.0]] [[[[1.0, 2.0], [3.0, 4.0]]], [[[5.0, 6.0], [7.0, 8.0]]]] }
-- output { [[[[1.0, 2.0], [9.0, 8.0]]], [[[5.0, 6.0], [9.0, 8.0]]]] }
entry scatters (is: []i64) (vs: [][]f64) =
  map (\xsss -> map (\xss -> scatter (copy xss) is vs) xsss)
