-- Sorting (DESIGN.md §7, docs/language.md), with the names and signatures of Futhark's
-- sorts library (github.com/diku-dk/sorts): a radix sort over the bits of a key, and a
-- merge sort by any ordering.  Both are stable.  Loom code over the SOACs, so they run
-- and fuse on every backend.

-- | One pass of `radix_sort_by_key`: a stable partition of ys by `bit y` (0 or 1), made
-- in `spare` (consumed), and the array for the next pass to make its partition in.  An
-- element's place is its rank among the elements with its bit, those with 0 first (one
-- scan counts the ones, in the counter type `c`: i32 where the length allows, half the
-- bytes of i64).  A bit a pass measured faster than two (a scan of three counters), on
-- the CPU and in registers on the GPU.
def radix_sort_step [n] 't 'c (bit: t -> c) (add: c -> c -> c) (zero: c) (wide: c -> i64)
                    (ys: *[n]t) (spare: *[n]t) : (*[n]t, *[n]t) =
  let ones = scan add zero (map bit ys)
  let total = if n == 0 then 0 else wide ones[n - 1]
  let place i x c = if wide (bit x) == 0 then i - wide c else n - total + wide c - 1
  -- (Always the scatter: returning `(ys, spare)` where every bit is the same would make
  -- both results alias ys, as Futhark's uniqueness rules see an if's two branches.)
  in (scatter spare (map3 place (iota n) ys ones) ys, ys)

-- | The bit-a-pass sort of `radix_sort_by_key`, for keys of more than 64 bits.
def radix_sort_bits [n] 't 'k (key: t -> k) (num_bits: i32) (get_bit: i32 -> k -> i32) (xs: [n]t) : *[n]t =
  let narrow = n <= i64.i32 i32.highest
  let (ys, _) =
    loop (ys: *[n]t, spare: *[n]t) = (copy xs, copy xs) for b < num_bits do
      let one x = get_bit b (key x) != 0
      in if narrow then radix_sort_step (\x -> i32.bool (one x)) (+) 0 i64.i32 ys spare
         else radix_sort_step (\x -> i64.bool (one x)) (+) 0 (\c -> c) ys spare
  in ys

-- | `radix_sort_by_key key num_bits get_bit xs`: xs sorted stably by the unsigned number
-- made of the `num_bits` bits `get_bit b (key x)` (bit 0 the least significant).  Up to
-- 64 bits, each element's bits are gathered once into an integer (a u32 up to 32 bits)
-- and `radix_sort_with` puts xs in their order, 8 bits a pass.  More bits take a pass a
-- bit (`radix_sort_bits`).
def radix_sort_by_key [n] 't 'k (key: t -> k) (num_bits: i32) (get_bit: i32 -> k -> i32) (xs: [n]t) : *[n]t =
  if num_bits > 64 then radix_sort_bits key num_bits get_bit xs
  else if num_bits <= 32
  then radix_sort_with num_bits
         (map (\x -> let y = key x
                     in loop c = 0u32 for b < num_bits do c | (u32.bool (get_bit b y != 0) << u32.i32 b)) xs)
         xs
  else radix_sort_with num_bits
         (map (\x -> let y = key x
                     in loop c = 0u64 for b < num_bits do c | (u64.bool (get_bit b y != 0) << u64.i32 b)) xs)
         xs

-- | `radix_sort num_bits get_bit xs`: xs sorted as unsigned numbers of `num_bits` bits:
-- `radix_sort u32.num_bits u32.get_bit xs`.
def radix_sort [n] 't (num_bits: i32) (get_bit: i32 -> t -> i32) (xs: [n]t) : *[n]t =
  radix_sort_by_key (\x -> x) num_bits get_bit xs

-- | A signed integer's bits in the order of its value: the sign bit flipped.
def signed_bit 't (num_bits: i32) (get_bit: i32 -> t -> i32) (b: i32) (x: t) : i32 =
  if b == num_bits - 1 then 1 - get_bit b x else get_bit b x

-- | A float's bits in the order of its value: the sign bit flipped for a positive one,
-- every bit for a negative one.
def float_bit 't (num_bits: i32) (get_bit: i32 -> t -> i32) (b: i32) (x: t) : i32 =
  let negative = get_bit (num_bits - 1) x == 1
  in if b == num_bits - 1 || negative then 1 - get_bit b x else get_bit b x

-- | `radix_sort_int_by_key key num_bits get_bit xs`: by a signed integer key.
def radix_sort_int_by_key [n] 't 'k (key: t -> k) (num_bits: i32) (get_bit: i32 -> k -> i32) (xs: [n]t) : *[n]t =
  radix_sort_by_key key num_bits (signed_bit num_bits get_bit) xs

-- | `radix_sort_int num_bits get_bit xs`: signed integers in order:
-- `radix_sort_int i32.num_bits i32.get_bit xs`.
def radix_sort_int [n] 't (num_bits: i32) (get_bit: i32 -> t -> i32) (xs: [n]t) : *[n]t =
  radix_sort_int_by_key (\x -> x) num_bits get_bit xs

-- | `radix_sort_float_by_key key num_bits get_bit xs`: by a float key.
def radix_sort_float_by_key [n] 't 'k (key: t -> k) (num_bits: i32) (get_bit: i32 -> k -> i32) (xs: [n]t) : *[n]t =
  radix_sort_by_key key num_bits (float_bit num_bits get_bit) xs

-- | `radix_sort_float num_bits get_bit xs`: floats in order, -0 before 0 and NaNs at
-- the ends (by sign): `radix_sort_float f64.num_bits f64.get_bit xs`.
def radix_sort_float [n] 't (num_bits: i32) (get_bit: i32 -> t -> i32) (xs: [n]t) : *[n]t =
  radix_sort_float_by_key (\x -> x) num_bits get_bit xs

-- | How many elements of xs[lo:hi] satisfy p, which holds for a prefix of them.
def count_prefix [n] 't (p: t -> bool) (xs: [n]t) (lo: i64) (hi: i64) : i64 =
  let (a, _) = loop (a, b) = (lo, hi) while a < b do
                 let m = a + (b - a) / 2
                 in if p xs[m] then (m + 1, b) else (a, m)
  in a - lo

-- | One pass of `merge_sort`: each pair of sorted runs of `w` elements (the last ones
-- shorter) merged stably into one; an element's place is its rank in its own run plus
-- the number of the other run's elements that go before it (a binary search).
def merge_sort_step [n] 't (le: t -> t -> bool) (w: i64) (xs: [n]t) : *[n]t =
  let place i =
    let s = i - i % (2 * w)
    let mid = i64.min n (s + w)
    let e = i64.min n (s + 2 * w)
    let x = xs[i]
    in if i < mid then i + count_prefix (\y -> !(le x y)) xs mid e
       else s + (i - mid) + count_prefix (\y -> le y x) xs s mid
  in scatter (copy xs) (tabulate n place) xs

-- | `merge_sort (<=) xs`: xs sorted stably by the ordering `(<=)`, which must be a total
-- preorder (transitive, and `x <= y || y <= x`).  log n passes of a binary search per
-- element.
def merge_sort [n] 't (le: t -> t -> bool) (xs: [n]t) : *[n]t =
  let (ys, _) = loop (ys, w) = (copy xs, 1) while w < n do (merge_sort_step le w ys, w * 2)
  in ys

-- | `merge_sort_by_key key (<=) xs`: xs sorted stably by `key`, the keys computed once.
def merge_sort_by_key [n] 't 'k (key: t -> k) (le: k -> k -> bool) (xs: [n]t) : *[n]t =
  let ks = merge_sort (\(a, _) (b, _) -> le a b) (zip (map key xs) (iota n))
  in map (\(_, i) -> xs[i]) ks
