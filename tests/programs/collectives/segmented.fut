-- Segmented scans and reductions (Loom's prelude, docs/language.md): by flags
-- (segmented_scan, segmented_reduce) and by segment lengths (scan_seg, fold_seg,
-- Accelerate's scanl1Seg and foldSeg), empty segments included.
-- ==
-- entry: by_flags
-- input { [true, false, true, false, false, true] [1, 2, 3, 4, 5, 6] }
-- output { [1, 3, 3, 7, 12, 6] [3, 12, 6] }
-- input { [false, false, true, true] [5, 1, 2, 3] }
-- output { [5, 6, 2, 3] [6, 2, 3] }
-- input { [true, true, true] [4, 5, 6] }
-- output { [4, 5, 6] [4, 5, 6] }
-- input { empty([0]bool) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

entry by_flags [n] (flags: [n]bool) (xs: [n]i32) =
  (segmented_scan (+) 0 flags xs, segmented_reduce (+) 0 flags xs)

-- ==
-- entry: by_lengths
-- input { [2i64, 0i64, 3i64, 1i64] [1, 2, 3, 4, 5, 6] }
-- output { [1, 3, 3, 7, 12, 6] [3, 0, 12, 6] }
-- input { [0i64, 0i64] empty([0]i32) }
-- output { empty([0]i32) [0, 0] }
-- input { empty([0]i64) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
-- input { [1i64, 1i64] [7, 8] }
-- output { [7, 8] [7, 8] }

entry by_lengths [m] [n] (lens: [m]i64) (xs: [n]i32) =
  (scan_seg (+) 0 lens xs, fold_seg (+) 0 lens xs)

-- An operator that is not commutative (composing affine maps x -> a*x + b, first
-- element first) and one on pairs (the largest value and its position).
-- ==
-- entry: ordered
-- input { [2i64, 3i64] [2, 3, 1, 2, 5] [1, 1, 4, 0, -1] [0f32, 9f32, 3f32, 9f32, 1f32] }
-- output { [2, 6, 1, 2, 10] [1, 4, 4, 8, 39] [6, 10] [4, 39] [1i64, 3i64] }

entry ordered [m] [n] (lens: [m]i64) (as: [n]i32) (bs: [n]i32) (ws: [n]f32) =
  let compose (a1, b1) (a2, b2) = (a1 * a2, b1 * a2 + b2)
  let (sa, sb) = unzip (scan_seg compose (1, 0) lens (zip as bs))
  let (fa, fb) = unzip (fold_seg compose (1, 0) lens (zip as bs))
  let best (w1, i1) (w2, i2) = if w2 > w1 || (w2 == w1 && i2 < i1) then (w2, i2) else (w1, i1)
  let (_, at) = unzip (fold_seg best (-f32.inf, -1) lens (zip ws (iota n)))
  in (sa, sb, fa, fb, at)

-- Segments of at most 64 elements are reduced by a loop each, longer ones by a segmented
-- scan: both ways, with a sum and with an operator that is not commutative (the last
-- element that is not zero).
-- ==
-- entry: short_and_long
-- input { 5i64 } output { [10, 0, 11] [4, 0, 6] }
-- input { 64i64 } output { [189, 0, 6] [6, 0, 3] }
-- input { 70i64 } output { [210, 0, 3] [6, 0, 2] }

entry short_and_long (k: i64) =
  let xs = map (\i -> i32.i64 (i % 7)) (iota (k + 3))
  let lens = [k, 0, 3]
  in (fold_seg (+) 0 lens xs, fold_seg (\x y -> if y == 0 then x else y) 0 lens xs)
