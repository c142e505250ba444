-- Properties (`property:`): entry points marked `#[prop]`, called with random candidates,
-- that must hold for every one (futhark-test.rst's property-based testing).
-- ==
-- property: reverse_involution scan_ends_in_sum sum_of_concat mapped_lengths small_ints generated

#[prop]
entry reverse_involution (xs: []i32) = and (map2 (==) (reverse (reverse xs)) xs)

#[prop]
entry scan_ends_in_sum (xs: []i64) = null xs || last (scan (+) 0 xs) == i64.sum xs

-- Sizes named alike get the same length; scalars too.
#[prop]
entry sum_of_concat [n] (xs: [n]i64) (ys: [n]i64) (k: i64) =
  i64.sum (xs ++ ys) + k == i64.sum xs + i64.sum ys + k

#[prop]
entry mapped_lengths [n] [m] (xss: [n][m]f32) (b: bool) =
  length (map (\row -> if b then f32.sum row else f32.maximum row) xss) == n

-- size(N) bounds values: integers in [-N, N].
#[prop(size(5))]
entry small_ints (xs: []i8) = all (\x -> x >= -5 && x <= 5) xs && length xs <= 5

-- A generator of its own: (size: i64) -> (seed: u64) -> t.
entry gen_evens (size: i64) (seed: u64) : []i64 =
  map (\i -> 2 * (i64.u64 ((seed + u64.i64 i) % 1000))) (iota size)

#[prop(gen(gen_evens), size(50))]
entry generated (xs: []i64) = all (\x -> x % 2 == 0) xs && length xs == 50
