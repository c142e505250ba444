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
