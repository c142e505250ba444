-- The smallest f32 and its first index: a reduction by an operator on pairs that does not
-- commute as written (a tie goes to the lower index), so the rows are combined in order.
-- ==
-- nobench input { [0.5f32, 0.25f32, 0.75f32, 0.25f32] }
-- output { 0.25f32 1i64 }
-- nobench input { empty([0]f32) }
-- output { f32.inf -1i64 }
-- notest random input { [10000000]f32 }

entry main (xs: []f32) : (f32, i64) =
  reduce (\(a, i) (b, j) -> if a < b || (a == b && i < j) then (a, i) else (b, j))
         (f32.inf, -1) (zip xs (indices xs))
