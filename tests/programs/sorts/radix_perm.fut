-- radix_sort_perm (Loom's prelude, docs/language.md, Sorting): the stable permutation
-- sorting integer keys by their low bits, 8 bits a pass on the compiled backends (the
-- interpreter's is a comparison sort).  Random cases cross the GPU's tiles of 4096 keys
-- and the CPU's chunks (a chunk a thread from 65536 keys); passes whose digit every key
-- shares are left out.

-- Bit counts below, at and past the type's width, and none (the identity).
-- ==
-- entry: small
-- input { 16 [300u16, 2u16, 258u16, 1u16, 3u16, 2u16] }
-- output { [3i64, 1i64, 5i64, 4i64, 2i64, 0i64] }
-- input { 8 [300u16, 2u16, 258u16, 1u16, 3u16, 2u16] }
-- output { [3i64, 1i64, 2i64, 5i64, 4i64, 0i64] }
-- input { 5 [300u16, 2u16, 258u16, 1u16, 3u16, 2u16] }
-- output { [3i64, 1i64, 2i64, 5i64, 4i64, 0i64] }
-- input { 40 [300u16, 2u16, 258u16, 1u16, 3u16, 2u16] }
-- output { [3i64, 1i64, 5i64, 4i64, 2i64, 0i64] }
-- input { 0 [300u16, 2u16, 258u16] }
-- output { [0i64, 1i64, 2i64] }
-- input { -3 [300u16, 2u16, 258u16] }
-- output { [0i64, 1i64, 2i64] }
-- input { 16 [7u16] }
-- output { [0i64] }
-- input { 16 empty([0]u16) }
-- output { empty([0]i64) }
entry small (b: i32) (xs: []u16) : []i64 = radix_sort_perm b xs

-- Signed keys sort by their bits as unsigned numbers (negative ones last).
-- ==
-- entry: signed
-- input { [-1i8, 5i8, -128i8, 0i8, 127i8] }
-- output { [3i64, 1i64, 4i64, 2i64, 0i64] }
entry signed (xs: []i8) : []i64 = radix_sort_perm 8 xs

-- ==
-- entry: random32
-- random input { [70001]u32 } auto output
-- random input { [30011]u32 } auto output
-- random input { [4096]u32 } auto output
-- random input { [4097]u32 } auto output
-- random input { [3]u32 } auto output
entry random32 (xs: []u32) =
  (radix_sort_perm 32 xs, radix_sort_perm 12 xs, radix_sort_perm 32 (map (% 1000) xs),
   radix_sort_perm 32 (map (% 3) xs), radix_sort_perm 32 (map (\x -> x & 0xff00ff00) xs))

-- ==
-- entry: random_other
-- random input { [20011]u64 [20011]u8 [20011]i16 } auto output
entry random_other (xs: []u64) (ys: []u8) (zs: []i16) =
  (radix_sort_perm 64 xs, radix_sort_perm 37 xs, radix_sort_perm 64 (map (>> 40) xs),
   radix_sort_perm 8 ys, radix_sort_perm 3 ys, radix_sort_perm 16 zs)

-- The prelude's sorts on it: by a key of more than 64 bits (a bit a pass), and of rows.
-- ==
-- entry: by_keys
-- random input { [5003]u64 [5003]u32 [5003][3]i32 } auto output
entry by_keys (xs: []u64) (ys: []u32) (rows: [][3]i32) =
  let wide_bit b (hi: u64, lo: u32) = if b < 32 then u32.get_bit b lo else u64.get_bit (b - 32) hi
  in (radix_sort_by_key (\i -> (xs[i] % 7, ys[i])) 96 wide_bit (indices xs),
      radix_sort_int_by_key (\r -> r[1]) i32.num_bits i32.get_bit rows)

-- Keys that are not integers.
-- ==
-- entry: floats
-- input { [1f32, 0f32] }
-- error: radix_sort_perm: the keys are not a one-dimensional array of integers
entry floats (xs: []f32) : []i64 = radix_sort_perm 32 xs

-- A sort a row, inside a map's function (on the cuda backend, that kernel runs on the
-- host's cores).
-- ==
-- entry: rows
-- random input { [37][300]i32 } auto output
entry rows (m: [][]i32) = map (\r -> radix_sort_int i32.num_bits i32.get_bit r) m

-- radix_sort_with: one array of 4- or 8-byte numbers rides through the passes; other
-- arrays (bytes, rows, a tuple's) are gathered by the permutation.  Arrays of another
-- length than the keys' are an error.
-- ==
-- entry: carry
-- input { [3u8, 1u8, 2u8, 1u8] [10f64, 20f64, 30f64, 40f64] }
-- output { [20f64, 40f64, 30f64, 10f64] [2i32, 4i32, 3i32, 1i32] [true, false, false, true] [[2i8, 0i8], [4i8, 0i8], [3i8, 0i8], [1i8, 0i8]] [true, true, true, false] [2i64, 4i64, 3i64, 1i64] [20f32, 40f32, 30f32, 10f32] }
-- input { empty([0]u8) empty([0]f64) }
-- output { empty([0]f64) empty([0]i32) empty([0]bool) empty([0][2]i8) empty([0]bool) empty([0]i64) empty([0]f32) }
entry carry (ks: []u8) (xs: []f64) =
  let n = length ks
  let is = map (\i -> i32.i64 i + 1) (iota n)
  let (as, bs) = unzip (radix_sort_with 8 ks (zip (map (> 1) is) (map i64.i32 is)))
  in (radix_sort_with 8 ks xs, radix_sort_with 8 ks is, radix_sort_with 2 ks (map (< 3) is),
      radix_sort_with 8 ks (map (\i -> [i8.i32 i, 0]) is), as, bs, radix_sort_with 8 ks (map f32.f64 (take n xs)))

-- ==
-- entry: mismatch
-- input { [3u8, 1u8] [10f64, 20f64, 30f64] }
-- error: Value of shape \[3\] cannot match shape of type `\[2\]`
-- input { [3u8, 1u8] [10f64, -20f64, 30f64] }
-- output { [30f64, 10f64] }
entry mismatch (ks: []u8) (xs: []f64) = radix_sort_with 8 ks (filter (> 0) xs)

-- ==
-- entry: with_random
-- random input { [30011]u32 [30011]f64 [30011]i16 } auto output
-- random input { [70001]u32 [70001]f64 [70001]i16 } auto output
entry with_random (ks: []u32) (xs: []f64) (ys: []i16) =
  (radix_sort_with 32 ks xs, radix_sort_with 11 ks (map f32.f64 xs), radix_sort_with 32 ks ys,
   radix_sort_with 16 ks (zip ys xs))
