-- Inclusive prefix sum of i32 values (wrap-around arithmetic, exact in every
-- implementation).
-- ==
-- nobench input { [1i32, 2i32, 3i32, 4i32] }
-- output { [1i32, 3i32, 6i32, 10i32] }
-- nobench input { empty([0]i32) }
-- output { empty([0]i32) }
-- notest random input { [10000000]i32 }

entry main [n] (xs: [n]i32) : [n]i32 =
  scan (+) 0 xs
