-- A division by a negative constant cannot fail (floor division; i32.lowest / -1 wraps), so
-- its map fuses with a sibling that can fail (a checked index): one kernel, and the
-- index's failure is the one reported.
-- ==
-- structure { Screma 1 Map 0 }
-- input { [7i32, -8i32, 9i32] [2i64, 0i64, 1i64] }
-- output { [-4i32, 4i32, -5i32] [9i32, 7i32, -8i32] }
-- input { [-2147483648i32] [0i64] }
-- output { [1073741824i32] [-2147483648i32] }
-- input { [1i32, 2i32] [0i64, 5i64] }
-- error: Index \[5\] out of bounds

entry main [n] (xs: [n]i32) (is: [n]i64) : ([n]i32, [n]i32) =
  let halves = map (\x -> x / -2) xs
  let picked = map (\i -> xs[i]) is
  in (halves, picked)
