-- The index map reads the hist's destination, which the hist updates in place: the map
-- must not move into the hist (it would read updated bins).
-- ==
-- input { [0i64, 1i64, 2i64, 0i64] }
-- output { [2i64, 1i64, 1i64] }

entry main (xs: []i64) : []i64 =
  let d = [0i64, 0, 0]
  let is = map (\x -> x + d[x % 3]) xs
  in reduce_by_index d (+) 0 is (map (\_ -> 1i64) is)
