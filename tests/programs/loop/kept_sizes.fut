-- A loop parameter's size that the body keeps is known after the loop (Futhark's rule):
-- here inside a map, whose rows must have the declared size, and for one component of a
-- tuple whose other component grows.
-- ==
-- entry: rows
-- input { [1, 2, 3] }
-- output { [[1, 2, 5], [2, 4, 8], [3, 6, 11]] }
-- input { empty([0]i32) }
-- output { empty([0][3]i32) }
-- entry: pair
-- input { [1, 2] 3i64 }
-- output { [3, 4] 3i64 }
-- entry: nested
-- input { [[1, 2], [3, 4]] }
-- output { [[4, 8], [12, 16]] }

entry rows [n] (xs: [n]i32) : [n][3]i32 =
  map (\x -> let r = replicate 3 x
             in loop r for i < 3 do r with [i] = r[i] + i32.i64 i * (x - 1 + i32.i64 i)) xs

entry pair [n] (xs: [n]i32) (k: i64) : ([n]i32, i64) =
  let (ys, grown) = loop (ys, grown) = (xs, [0i64]) for i < k - 1 do (map (+1) ys, grown ++ [i])
  in (ys, length grown)

-- The inner loop keeps its rows' size and the outer one its matrix's.
entry nested [n] [m] (xss: [n][m]i32) : [n][m]i32 =
  loop xss for _i < 2 do
    map (\xs -> loop ys = copy xs for j < m do ys with [j] = ys[j] * 2) xss
