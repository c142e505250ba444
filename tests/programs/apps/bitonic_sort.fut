-- Bitonic sorting network, padded to a power of two, with a generic comparison.
-- ==
-- "odd_size"
-- input { [-30, -30, -14, -31, 18, -39, 16, 39, -50, -32, -50, 34, 13] }
-- output { [-50, -50, -39, -32, -31, -30, -30, -14, 13, 16, 18, 34, 39] }
-- "pow2"
-- input { [814, -622, 710, 244, 912, 635, 742, -804, -459, 34, 536, -169, -865, 618, 538, 955] }
-- output { [-865, -804, -622, -459, -169, 34, 244, 536, 538, 618, 635, 710, 742, 814, 912, 955] }
-- "empty"
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- "one"
-- input { [-7] }
-- output { [-7] }
-- "reversed"
-- input { [8, 7, 6, 5, 4, 3, 2, 1] }
-- output { [1, 2, 3, 4, 5, 6, 7, 8] }
-- "sorted_with_max"
-- input { [-2147483648, 0, 1, 2147483647, 2147483647] }
-- output { [-2147483648, 0, 1, 2147483647, 2147483647] }
-- "dups"
-- input { [3, 3, 1, 1, 2, 2, 3, 1, 2, 3, 1] }
-- output { [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3] }
-- entry: sort_desc
-- "desc_mixed"
-- input { [-0.783f64, -6.361f64, 8.379f64, -6.314f64, -2.542f64, -6.481f64, -6.443f64, 1.433f64, 6.47f64, 7.867f64, 9.204f64] }
-- output { [9.204f64, 8.379f64, 7.867f64, 6.47f64, 1.433f64, -0.783f64, -2.542f64, -6.314f64, -6.361f64, -6.443f64, -6.481f64] }
-- "desc_empty"
-- input { empty([0]f64) }
-- output { empty([0]f64) }
-- "desc_inf"
-- input { [1.5f64, -f64.inf, f64.inf, 0f64, -2.25f64, 1.5f64] }
-- output { [f64.inf, 1.5f64, 1.5f64, 0f64, -2.25f64, -f64.inf] }
-- "desc_pow2"
-- input { [0.5f64, 0.25f64, 0.125f64, 1f64] }
-- output { [1f64, 0.5f64, 0.25f64, 0.125f64] }

-- Smallest power of two >= n (and its log2).
def next_pow2 (n: i64) : (i64, i32) =
  loop (p, lg) = (1i64, 0i32) while p < n do (p * 2, lg + 1)

-- Bitonic sorting network on a power-of-two sized array.
-- Stage `s` builds bitonic runs of size 2^(s+1); step `t` compares at distance 2^(s-t).
def bitonic_pow2 [m] 't (lte: t -> t -> bool) (lg: i32) (xs: [m]t) : [m]t =
  loop xs for s < lg do
    let block = 2i64 << i64.i32 s
    in loop xs for t < s + 1 do
         let j = 1i64 << i64.i32 (s - t)
         let cmp_swap i =
           let l = i ^ j
           let a = xs[i]
           let b = xs[l]
           let up = (i & block) == 0
           let lo = if lte a b then a else b
           let hi = if lte a b then b else a
           in if (i < l) == up then lo else hi
         in map cmp_swap (iota m)

-- Pads to a power of two with a sentinel that sorts last, then trims.
def bitonic_sort [n] 't (lte: t -> t -> bool) (pad: t) (xs: [n]t) : [n]t =
  let (m, lg) = next_pow2 n
  let padded = xs ++ replicate (m - n) pad
  let sorted = bitonic_pow2 lte lg padded
  in take n sorted

entry main [n] (xs: [n]i32) : [n]i32 =
  bitonic_sort (<=) i32.highest xs

entry sort_desc [n] (xs: [n]f64) : [n]f64 =
  bitonic_sort (>=) (-f64.inf) xs
