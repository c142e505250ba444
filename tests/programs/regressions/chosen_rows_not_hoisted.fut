-- A reduction choosing rows (ChooseRows: reads of row elements by index) inside a map over
-- `iota n`: bounds-check elimination drops the check of `a[0]` there (the map runs only
-- when n > 0, and the rows have n elements), so the reduction must not then leave the map
-- (it is invariant in it).  Hoisted, it ran with n = 0 and read outside its rows (an
-- invalid access on cuda).  Found by the differential fuzzer (seed 1469).
-- ==
-- input { empty([0]i64) [1i64, 2i64] 7i64 }
-- error: out of bounds
-- input { [4i64, 9i64] [1i64, 2i64] 1i64 }
-- output { [[4i64, 9i64], [4i64, 9i64]] }
-- input { [4i64, 9i64] empty([0]i64) 5i64 }
-- output { empty([0][2]i64) }

entry main [n][m] (x1: [n]i64) (y1: [m]i64) (s: i64) : [m][n]i64 =
  let pick (a: [n]i64) (b: [n]i64) = if a[0] < b[0] then b else a
  in map (\_ -> (map (\_ -> reduce pick (replicate n i64.lowest) (map (map (* 1)) (replicate 3 x1)))
                     (iota n))[s])
         y1
