-- `copy` and `id` keep their argument's sizes (their declared result is the type
-- parameter), so two copies of a `[]i32` parameter form a regular array.
-- ==
-- input { [1,2,3] } output { [[1,2,3],[1,2,3]] [2,4,6] [[9,2,3],[1,2,3]] }
entry main (xs: []i32) =
  let zs = copy xs
  let zs[0] = 9
  in ([copy xs, id (copy xs)], map2 (+) (copy xs) (copy xs), [copy zs, copy xs])
