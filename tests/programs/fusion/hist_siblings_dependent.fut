-- A hist into (a copy of) the result of another: a dependency, so two passes.
-- ==
-- input { [0i64, 1i64, 1i64, 3i64, 2i64] [1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [1i32, 5i32, 5i32, 4i32] [1i32, 30i32, 25i32, 16i32] }

entry main [n] (is: [n]i64) (vs: [n]i32) : ([]i32, []i32) =
  let a = hist (+) 0 4 is vs
  let b = reduce_by_index (copy a) (*) 1 is vs
  in (a, b)
