-- Entry points over arrays with different result types.
-- ==
-- entry: count_pos
-- input { [1, -1, 2] } output { 2i64 }
-- entry: negate_all
-- input { [1, -1, 2] } output { [-1, 1, -2] }
entry count_pos (xs: []i32) : i64 = length (filter (> 0) xs)
entry negate_all (xs: []i32) : []i32 = map i32.neg xs
