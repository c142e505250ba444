-- map2 (and map3) over arrays whose lengths differ only when the program runs (one comes
-- from a filter): the error names the function the user wrote, not `map`.
-- ==
-- input { [1, 2] [1, 2, 3] } error: map2: arrays of different lengths \(2 and 3\)
-- input { [1, 2] [1, -2, 3] } output { [2, 5] }
entry main (xs: []i32) (ys: []i32) : []i32 =
  let zs = filter (> 0) ys
  in map2 (+) xs zs
