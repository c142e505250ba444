-- The entry points of the C library test (tests/cli/run.sh, library/use_stats.c).

-- | The dot product of two vectors of the same length.
entry dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = f32.sum (map2 (*) xs ys)

-- | The smallest and largest element, and the running sums.
entry summary (xs: []i32) : (i32, i32, []i32) = (i32.minimum xs, i32.maximum xs, scan (+) 0 xs)

-- | Every element times `a` (a C comment's end, */, is escaped in the header).
entry scale (a: f64) (m: [][]f64) : [][]f64 = map (map (* a)) m

-- | The element at `i`.  A C comment's start, /*, and a trigraph at a line's end are
-- escaped in the header too (-Wcomment, -Wtrigraphs): ??/
entry pick (xs: []i64) (i: i64) : i64 = xs[i]

entry three (xs: [3]u8) : [3]u8 = reverse xs

-- An argument returned as it is: the library copies it (the caller frees both).
entry same (bs: []bool) : []bool = bs

entry sorted (xs: []i32) : []i32 = radix_sort_int i32.num_bits i32.get_bit xs

-- An allocation that fails: reported at the entry point.
entry ones (n: i64) : []i64 = map (+1) (replicate n 0)
