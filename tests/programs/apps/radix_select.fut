-- Radix select: the k-th smallest key by repeated histograms of digits (most significant first), a prefix sum to pick the digit and a filter of the candidates; u32 with several digit widths, i32 and f32 keys (ranks selected inside a map).
-- ==
-- entry: kth_u32
-- "smallest, 8-bit digits"
-- input { 8 0i64 [5u32, 3u32, 4000000000u32, 7u32, 3u32] }
-- output { true 3u32 }
-- "largest, 4-bit digits"
-- input { 4 5i64 [9u32, 0u32, 4294967295u32, 65536u32, 65535u32, 256u32] }
-- output { true 4294967295u32 }
-- "duplicates, 1-bit digits"
-- input { 1 3i64 [2u32, 2u32, 1u32, 2u32, 2u32, 1u32, 0u32] }
-- output { true 2u32 }
-- "empty"
-- input { 8 0i64 empty([0]u32) }
-- output { false 0u32 }
-- "k out of range"
-- input { 2 3i64 [1u32, 2u32, 3u32] }
-- output { false 0u32 }
-- "random 48, 16-bit digits"
-- input { 16 17i64 [1294559346u32, 3354874498u32, 1658084515u32, 2602093178u32, 2001692653u32, 3048572899u32, 1477690590u32, 382672450u32, 1263419192u32, 2708897789u32, 2666399533u32, 4212549889u32, 1041081797u32, 1818511368u32, 4064746831u32, 482767566u32, 3008470787u32, 4115723043u32, 3940011202u32, 2903321376u32, 3832421429u32, 846936351u32, 3249679511u32, 2886472527u32, 2175285669u32, 4263792824u32, 3629055451u32, 899733259u32, 4211130542u32, 3667299909u32, 1602662031u32, 3001798965u32, 3359483124u32, 952086993u32, 1123630312u32, 793588547u32, 1991680908u32, 4098073248u32, 1676324002u32, 1462168047u32, 3963641420u32, 1895774937u32, 263982116u32, 2817873719u32, 3284252549u32, 1891082276u32, 4061762655u32, 1136035u32] }
-- output { true 1818511368u32 }
-- entry: kth_i32
-- "negatives"
-- input { 2i64 [-5, 3, -2147483648, 0, -1, 2147483647] }
-- output { true -1 }
-- "one"
-- input { 0i64 [-7] }
-- output { true -7 }
-- "negative k"
-- input { -1i64 [1, 2] }
-- output { false 0 }
-- "all equal"
-- input { 4i64 [-3, -3, -3, -3, -3] }
-- output { true -3 }
-- "random 40"
-- input { 20i64 [1575710116, -1029693197, 1288047175, -119247643, 640000617, 1122139422, 1708093101, 456925853, 589143455, -299810067, -1915146201, -1327022645, -1647507803, 1222586269, -1677065827, -1343794415, -1175952518, 961123762, -807391176, -11131695, 775912020, 224230535, -71298602, -498261037, 1896263696, -1275644085, 1262224816, -1418403372, -93170010, 607686637, -899180042, -961488427, -1417070446, -2086416863, -1016652632, -1320127060, 651942186, 1809043424, -2036872622, 909274788] }
-- output { true -93170010 }
-- entry: kth_f32
-- "quartiles"
-- input { [0i64, 2i64, 4i64, 6i64, 8i64] [0.5f32, -1.25f32, 3f32, 2f32, -0f32, 7.5f32, -8f32, 0.00100000005f32, 100f32] }
-- output { [-8f32, -0f32, 0.5f32, 3f32, 100f32] }
-- "out of range ranks"
-- input { [-1i64, 0i64, 3i64] [2.5f32, -2.5f32, 0.125f32] }
-- output { [f32.nan, -2.5f32, f32.nan] }
-- "no ranks"
-- input { empty([0]i64) [1f32, 2f32, 3f32] }
-- output { empty([0]f32) }
-- "no values"
-- input { [0i64, 1i64] empty([0]f32) }
-- output { [f32.nan, f32.nan] }
-- "infinities"
-- input { [0i64, 1i64, 2i64, 3i64] [f32.inf, -1f32, -f32.inf, 1f32] }
-- output { [-f32.inf, -1f32, 1f32, f32.inf] }
-- "random 64"
-- input { [0i64, 1i64, 31i64, 32i64, 62i64, 63i64] [-103.419937f32, -28.8490772f32, -136.474258f32, -10.058609f32, 7.86540842f32, -19.7262669f32, -26.7675724f32, 134.01947f32, 142.379288f32, -121.563103f32, 117.411446f32, -172.306961f32, -73.4479218f32, -17.3445587f32, 11.10606f32, -104.741669f32, -72.2468796f32, 7.66538191f32, -69.3422699f32, -64.120079f32, 66.6263428f32, 93.1721039f32, -6.00550318f32, 1.81979132f32, -1.95981169f32, -45.4488297f32, -51.1393204f32, -103.77446f32, 64.8388748f32, -8.41596699f32, -13.7439394f32, 20.0542622f32, 53.0674858f32, 142.103455f32, -27.3545818f32, -40.1172256f32, 20.0573502f32, -84.5502625f32, 127.243011f32, 92.6243973f32, 69.3924789f32, -11.9614954f32, 73.9582138f32, 105.02047f32, 49.9906006f32, -27.9982738f32, -168.507294f32, 94.6962357f32, -35.3250961f32, -84.3234406f32, 89.0598373f32, 33.8171425f32, -141.883652f32, -9.90413761f32, -26.9234028f32, 99.2611771f32, -189.512177f32, -38.556076f32, -13.8249121f32, 141.890045f32, -108.338989f32, -294.043182f32, -138.402832f32, 26.3069763f32] }
-- output { [-294.043182f32, -189.512177f32, -13.7439394f32, -11.9614954f32, 142.103455f32, 142.379288f32] }

-- The k-th smallest (from 0) of unsigned keys, most significant digit first:
-- a histogram of the candidates' digits, a prefix sum to find the digit of the
-- k-th, then only the candidates with that digit go on.  (false, 0) when k is
-- out of range.  bits must divide 32.
def select_key [n] (bits: i32) (k: i64) (keys: [n]u32) : (bool, u32) =
  if k < 0 || k >= n then (false, 0) else
  let buckets = 1i64 << i64.i32 bits
  let mask = u32.i64 buckets - 1
  let (_, _, res) =
    loop (cand: []u32, k, res) = (keys, k, 0u32) for pass < 32 / bits do
      let shift = u32.i32 (32 - bits * (pass + 1))
      let digit (x: u32) = i64.u32 ((x >> shift) & mask)
      let counts = hist (+) 0i64 buckets (map digit cand) (map (\_ -> 1i64) cand)
      let incl = scan (+) 0 counts
      let b = map (\c -> i64.bool (c <= k)) incl |> reduce (+) 0
      let before = if b == 0 then 0 else incl[b - 1]
      in (filter (\x -> digit x == b) cand, k - before, res | (u32.i64 b << shift))
  in (true, res)

entry kth_u32 [n] (bits: i32) (k: i64) (xs: [n]u32) : (bool, u32) =
  select_key bits k xs

-- Signed keys: flipping the sign bit orders them as unsigned ones.
entry kth_i32 [n] (k: i64) (xs: [n]i32) : (bool, i32) =
  let (ok, key) = select_key 8 k (map (\x -> u32.i32 x ^ 0x8000_0000) xs)
  in (ok, if ok then i32.u32 (key ^ 0x8000_0000) else 0)

-- Floats (no NaNs): negative ones with all bits flipped, others with the sign
-- bit set.  Several ranks at once: a map over the ranks around the whole
-- selection (NaN for a rank out of range).
entry kth_f32 [n][q] (ks: [q]i64) (xs: [n]f32) : [q]f32 =
  let to_key (x: f32) = let b = f32.to_bits x
                        in if b >> 31 == 1 then !b else b | 0x8000_0000
  let from_key (u: u32) = f32.from_bits (if u >> 31 == 1 then u & 0x7fff_ffff else !u)
  let keys = map to_key xs
  in map (\k -> let (ok, u) = select_key 4 k keys
                in if ok then from_key u else f32.nan)
         ks
