-- Foreign functions (docs/language.md): C functions of scalars declared with `foreign`,
-- called like any function: in maps, as a reduction's and a scan's operator, partially
-- applied, in loops; every scalar type; a C name other than Loom's (`= "cbrt"`) from a
-- system header.  The interpreter calls them through compiled thunks, the cpu and cuda
-- backends inline the same C into their kernels.

foreign "numerics.h" def gcd (a: i64) (b: i64): i64 = "gcd64"
foreign "numerics.h" def mix32 (x: u32): u32
foreign "numerics.h" def smoothstep (lo: f64) (hi: f64) (x: f64): f64
foreign "numerics.h" def lerpf (a: f32) (b: f32) (t: f32): f32
foreign "numerics.h" def in_unit_disc (x: f64) (y: f64): bool
foreign "numerics.h" def saturate8 (x: i32): i8
foreign "numerics.h" def swap16 (x: u16): u16
foreign "numerics.h" def popcount64 (x: u64): u64
foreign "<math.h>" def cube_root (x: f64): f64 = "cbrt"
foreign "<math.h>" def hypotf (x: f32) (y: f32): f32

-- The gcd of all (a reduction with a foreign operator: associative and commutative, 0
-- its neutral element), running gcds (a scan), and pairwise gcds.
-- ==
-- entry: gcds
-- input { [12i64, 18i64, -24i64, 30i64] }
-- output { 6i64 [12i64, 6i64, 6i64, 6i64] [6i64, 6i64, 6i64] }
-- input { [-35i64] }
-- output { 35i64 [35i64] empty([0]i64) }

entry gcds (xs: []i64) =
  (reduce gcd 0 xs, scan gcd 0 xs, map2 gcd (init xs) (tail xs))

-- Hashing in a map and in a loop (the fold of a hash chain).
-- ==
-- entry: hashes
-- input { [0u32, 1u32, 2u32, 4294967295u32] 3 }
-- output { [0u32, 1753845952u32, 3507691905u32, 1734902346u32] [0u32, 604019821u32, 1473980502u32, 4034682539u32] }

entry hashes (xs: []u32) (rounds: i32) =
  (map mix32 xs, map (\x -> loop x for _i < rounds do mix32 x) xs)

-- Floats of both widths, a partial application, a system header's functions under
-- Loom's name and under their own.
-- ==
-- entry: floats
-- input { [-1.0, 2.5, 5.0, 12.0] [27.0f32, -8.0f32] }
-- output { [0.0, 0.15625, 0.5, 1.0] [3.0, -2.0] [5.0f32, 0.0f32] [756.5f32, 74.0f32] }

entry floats (xs: []f64) (ys: []f32) =
  (map (smoothstep 0 10) xs, map cube_root [27.0, -8.0],
   map (\y -> hypotf 3 4 * f32.bool (y > 0)) ys, map2 (lerpf 0) ys (map (+ 0.5) ys) |> map (+ 14))

-- bool, i8, u16 and u64 across the C boundary; a foreign predicate in a filter.
-- ==
-- entry: small
-- input { [0.5, 0.9, -0.3] [0.5, 0.9, 0.1] [-1000, 5, 300] [258u16, 1u16] [0u64, 255u64, 18446744073709551615u64] }
-- output { [true, false, true] 2i64 [-128i8, 5i8, 127i8] [513u16, 256u16] [0u64, 8u64, 64u64] }

entry small (xs: []f64) (ys: []f64) (is: []i32) (hs: []u16) (ws: []u64) =
  (map2 in_unit_disc xs ys, length (filter (\(x, y) -> in_unit_disc x y) (zip xs ys)),
   map saturate8 is, map swap16 hs, map popcount64 ws)
