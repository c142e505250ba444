-- hist over rows with a vector operator (`map2 (+)` on rows of bins), a fixed row size
-- and a size from the input.
-- ==
-- input { [0i64, 1i64, 0i64, 2i64, 5i64, -1i64] [[1i32, 2i32], [3i32, 4i32], [5i32, 6i32], [7i32, 8i32], [9i32, 10i32], [11i32, 12i32]] }
-- output { [[6i32, 8i32], [3i32, 4i32], [7i32, 8i32]] }
-- input { empty([0]i64) empty([0][2]i32) }
-- output { [[0i32, 0i32], [0i32, 0i32], [0i32, 0i32]] }

entry main [n] (is: [n]i64) (vs: [n][2]i32) : [3][2]i32 =
  hist (map2 (+)) (replicate 2 0) 3 is vs
