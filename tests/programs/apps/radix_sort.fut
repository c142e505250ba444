-- LSD radix sort on u32 (2 bits per pass via a vector scan; 1 bit per pass with a payload).
-- ==
-- entry: sort
-- "mixed"
-- input { [101022850u32, 768256981u32, 2147483648u32, 2164385946u32, 831769172u32, 0u32, 4294967295u32, 636282949u32, 2376066489u32, 694443915u32, 1466990855u32, 3197732170u32, 1780403418u32, 7u32, 3739915678u32, 1859447115u32, 7u32, 2430986565u32, 1458217729u32, 2482860596u32, 3087940365u32, 14837456u32] }
-- output { [0u32, 7u32, 7u32, 14837456u32, 101022850u32, 636282949u32, 694443915u32, 768256981u32, 831769172u32, 1458217729u32, 1466990855u32, 1780403418u32, 1859447115u32, 2147483648u32, 2164385946u32, 2376066489u32, 2430986565u32, 2482860596u32, 3087940365u32, 3197732170u32, 3739915678u32, 4294967295u32] }
-- "empty"
-- input { empty([0]u32) }
-- output { empty([0]u32) }
-- "one"
-- input { [42u32] }
-- output { [42u32] }
-- "sorted"
-- input { [0u32, 3u32, 6u32, 9u32, 12u32, 15u32, 18u32, 21u32, 24u32, 27u32] }
-- output { [0u32, 3u32, 6u32, 9u32, 12u32, 15u32, 18u32, 21u32, 24u32, 27u32] }
-- "reversed"
-- input { [4294967295u32, 4294967294u32, 2147483648u32, 65536u32, 255u32, 3u32, 2u32, 1u32, 0u32] }
-- output { [0u32, 1u32, 2u32, 3u32, 255u32, 65536u32, 2147483648u32, 4294967294u32, 4294967295u32] }
-- "dups"
-- input { [5u32, 1u32, 5u32, 1u32, 5u32, 0u32, 0u32, 9u32, 9u32, 9u32, 1u32, 5u32] }
-- output { [0u32, 0u32, 1u32, 1u32, 1u32, 5u32, 5u32, 5u32, 5u32, 9u32, 9u32, 9u32] }
-- entry: sort_pairs
-- "pairs_dups"
-- input { [1u32, 1u32, 4u32, 4294967295u32, 4u32, 1u32, 1048576u32, 4u32, 3u32, 3u32, 3u32, 0u32, 1048576u32, 3u32, 1048576u32, 1u32, 3u32, 0u32, 4u32, 1u32, 0u32, 4294967295u32, 3u32, 1048576u32] [59, -85, -97, 60, 25, -17, 97, 56, 7, 40, -49, -7, 96, 69, 78, -70, 42, -62, -80, 26, -58, -15, -41, -48] }
-- output { [0u32, 0u32, 0u32, 1u32, 1u32, 1u32, 1u32, 1u32, 3u32, 3u32, 3u32, 3u32, 3u32, 3u32, 4u32, 4u32, 4u32, 4u32, 1048576u32, 1048576u32, 1048576u32, 1048576u32, 4294967295u32, 4294967295u32] [-7, -62, -58, 59, -85, -17, -70, 26, 7, 40, -49, 69, 42, -41, -97, 25, 56, -80, 97, 96, 78, -48, 60, -15] [11i64, 17i64, 20i64, 0i64, 1i64, 5i64, 15i64, 19i64, 8i64, 9i64, 10i64, 13i64, 16i64, 22i64, 2i64, 4i64, 7i64, 18i64, 6i64, 12i64, 14i64, 23i64, 3i64, 21i64] }
-- "pairs_empty"
-- input { empty([0]u32) empty([0]i32) }
-- output { empty([0]u32) empty([0]i32) empty([0]i64) }
-- "pairs_one"
-- input { [9u32] [-3] }
-- output { [9u32] [-3] [0i64] }
-- "pairs_reversed"
-- input { [10u32, 9u32, 8u32, 7u32, 6u32, 5u32, 4u32, 3u32, 2u32, 1u32] [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }
-- output { [1u32, 2u32, 3u32, 4u32, 5u32, 6u32, 7u32, 8u32, 9u32, 10u32] [9, 8, 7, 6, 5, 4, 3, 2, 1, 0] [9i64, 8i64, 7i64, 6i64, 5i64, 4i64, 3i64, 2i64, 1i64, 0i64] }

-- Digit-wise counting: for each element, its digit and the 4 per-digit flags.
def digit_of (shift: u32) (x: u32) : i64 = i64.u32 ((x >> shift) & 3)

-- One LSD pass on 2 bits: stable counting sort by the digit at `shift`.
def radix_pass2 [n] (shift: u32) (xs: [n]u32) : [n]u32 =
  let digits = map (digit_of shift) xs
  let flags = map (\d -> map (\k -> if d == k then 1i64 else 0i64) (iota 4)) digits
  -- inclusive prefix counts per digit, as a vector scan
  let prefix = scan (map2 (+)) (replicate 4 0i64) flags
  let counts = hist (+) 0i64 4 digits (replicate n 1i64)
  let starts = exscan (+) 0i64 counts
  let idx = map2 (\d row -> starts[d] + row[d] - 1) digits prefix
  in scatter (replicate n 0u32) idx xs

def radix_sort [n] (xs: [n]u32) : [n]u32 =
  loop ys = xs for pass < 16 do radix_pass2 (u32.i32 (pass * 2)) ys

-- One LSD pass on a single bit, moving a payload along with the keys.
def radix_pass1 [n] 'v (bit: i32) (keys: [n]u32, vals: [n]v) : ([n]u32, [n]v) =
  let bits = map (\k -> i64.u32 ((k >> u32.i32 bit) & 1)) keys
  let zeros = scan (+) 0 (map (1 -) bits)
  let ones = scan (+) 0 bits
  let nzeros = reduce (+) 0 (map (1 -) bits)
  let idx = map3 (\b z o -> if b == 0 then z - 1 else nzeros + o - 1) bits zeros ones
  let keys' = scatter (copy keys) idx keys
  let vals' = scatter (copy vals) idx vals
  in (keys', vals')

def sort_by_key [n] 'v (keys: [n]u32) (vals: [n]v) : ([n]u32, [n]v) =
  loop (ks, vs) = (keys, vals) for bit < 32 do radix_pass1 bit (ks, vs)

entry sort [n] (xs: [n]u32) : [n]u32 = radix_sort xs

-- Sorts keys carrying a payload, and also returns the (stable) permutation.
entry sort_pairs [n] (keys: [n]u32) (payload: [n]i32) : ([n]u32, [n]i32, [n]i64) =
  let (ks, ps) = sort_by_key keys (zip payload (iota n))
  let (vs, perm) = unzip ps
  in (ks, vs, perm)
