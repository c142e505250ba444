-- iota and replicate with a negative count inside the rows of a map: the check runs only
-- when a row runs (the compilers move it before the map, under "the map has rows"), and a
-- size the program knows is >= 0 (an array's) needs no check at all.  With no rows, a
-- negative row size is no error, and the rows' shape is [0].  iota's message is Futhark's,
-- that of the range `0..1..<n` it is.
-- ==
-- input { 2i64 3i64 [1i32, 2i32] } output { [[0i64, 1i64, 2i64], [1i64, 2i64, 3i64]] [3i64, 4i64] [[1i32, 1i32], [2i32, 2i32]] }
-- input { 0i64 -3i64 [1i32, 2i32] } output { empty([0][0]i64) empty([0]i64) [[1i32, 1i32], [2i32, 2i32]] }
-- input { 2i64 -3i64 [1i32, 2i32] } error: Range 0\.\.1\.\.<-3 is invalid
-- input { 1i64 -1i64 [1i32, 2i32] } error: Range 0\.\.1\.\.<-1 is invalid
-- input { 0i64 -3i64 empty([0]i32) } output { empty([0][0]i64) empty([0]i64) empty([0][0]i32) }
-- input { 2i64 0i64 empty([0]i32) } output { [empty([0]i64), empty([0]i64)] [0i64, 1i64] empty([0][0]i32) }

entry main [k] (h: i64) (w: i64) (xs: [k]i32) =
  (tabulate_2d h w (\i j -> i + j),
   map (\i -> i + i64.sum (iota w)) (iota h),
   map (\x -> replicate k x) xs)
