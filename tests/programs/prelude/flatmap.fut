-- flatmap (Futhark's prelude): f's irregular results concatenated, with their shape,
-- flags, offsets and the uniform results; flatmap' without the uniform results.  The
-- flags and the data share one existential size, so they zip.
-- ==
-- entry: main
-- input { [0i64, 2i64, 3i64, 1i64] [5, 10, 20, 30] }
-- output { [0i64, 2i64, 3i64, 1i64] [true, false, true, false, false, true]
--          [0i64, 0i64, 2i64, 5i64] [10, 10, 20, 20, 20, 30] [10, 20, 40, 60]
--          [1, 0, 1, 0, 0, 1] }
-- input { [0i64, 0i64] [1, 2] }
-- output { [0i64, 0i64] empty([0]bool) [0i64, 0i64] empty([0]i32) [2, 4] empty([0]i32) }
-- input { empty([0]i64) empty([0]i32) }
-- output { empty([0]i64) empty([0]bool) empty([0]i64) empty([0]i32) empty([0]i32)
--          empty([0]i32) }
-- entry: iotas
-- input { [3i64, 0i64, 2i64] } output { [3i64, 0i64, 2i64] [0i64, 3i64, 3i64] [0i64, 1i64, 2i64, 0i64, 1i64] }
entry main (ks: []i64) (xs: []i32) =
  let (shape, flags, offs, data, us) = flatmap (\(k, x) -> (replicate k x, x * 2)) (zip ks xs)
  in (shape, flags, offs, data, us, map2 (\f d -> if f then d / d else 0) flags data)

entry iotas (ks: []i64) =
  let (shape, _, offs, data) = flatmap' (\k -> iota k) ks
  in (shape, offs, data)
