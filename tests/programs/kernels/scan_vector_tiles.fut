-- Scans of whole arrays, i32 and i64 (tiles of 8192 and 4096 rows on the GPU), which
-- LOOM_CUDA_SCAN_VEC moves 16 bytes at a time when a tile is full and 16-byte aligned:
-- lengths that leave a partial last tile, and a slice at an odd offset (k = 1, a
-- misaligned view: the rows one at a time) or a multiple of 16 bytes (k = 4 for i32,
-- k = 2 for i64).  The inputs are scan results and the slice is chosen at run time, so
-- the scans read arrays rather than fusing their producers.  Weighted checksums of
-- whole results: any misplaced element changes them.

def weigh [n] (xs: [n]i64) : i64 =
  reduce (+) 0 (map2 (\x k -> x * (k % 97 + 1)) xs (iota n))

-- ==
-- entry: i32s
-- input { 3i64 1i64 } output { -91i64 -35i64 }
-- input { 8193i64 1i64 } output { -11494036053i64 -11491855792i64 }
-- input { 20000i64 1i64 } output { -68620451368i64 -68618910641i64 }
-- input { 20000i64 4i64 } output { -68620451368i64 -68610232317i64 }
-- input { 20000i64 0i64 } output { -68620451368i64 -68620451368i64 }

entry i32s (n: i64) (k: i64) : (i64, i64) =
  let xs = scan (+) 0 (map (\i -> i32.i64 (i * 7 % 13) - 6) (iota n))
  let s = if k > 0 then xs[k:] else xs
  in (weigh (map i64.i32 (scan (+) 0 xs)), weigh (map i64.i32 (scan (+) 0 s)))

-- ==
-- entry: i64s
-- input { 3i64 1i64 } output { -91000000637i64 -35000000245i64 }
-- input { 8193i64 1i64 } output { 6952707940251299245i64 6954888201266561072i64 }
-- input { 20000i64 1i64 } output { 5166524446495046888i64 5168065173505831977i64 }
-- input { 20000i64 2i64 } output { 5166524446495046888i64 5168486659508782379i64 }

entry i64s (n: i64) (k: i64) : (i64, i64) =
  let xs = scan (+) 0 (map (\i -> (i * 7 % 13 - 6) * 1000000007) (iota n))
  let s = if k > 0 then xs[k:] else xs
  in (weigh (scan (+) 0 xs), weigh (scan (+) 0 s))
