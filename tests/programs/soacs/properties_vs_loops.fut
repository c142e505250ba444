-- Properties of the SOACs and prelude functions against sequential loops on random
-- candidates (`property:`, docs/testing.md): each backend's kernels on sizes of up to
-- a few thousand elements, a new seed each run (`loom test --seed N` repeats one).

-- ==
-- property: scan_vs_loop hist_vs_loop filter_partition sort_sorted_perm rotate_back segred seg_scan_vs_loop argmax_first stencil_sum tuple_scan

#[prop(size(3000))]
entry scan_vs_loop (xs: []i32) =
  let ys = scan (+) 0 xs
  let zs = loop acc = replicate (length xs) 0 for i < length xs do acc with [i] = (if i == 0 then 0 else acc[i-1]) + xs[i]
  in and (map2 (==) ys zs)

#[prop(size(2000))]
entry hist_vs_loop (is: []i32) (vs: []f64) =
  let n = i64.min (length is) (length vs)
  let is = take n is
  let vs = take n vs
  let bins = map (\i -> i64.i32 (i32.abs i % 17)) is
  let h = hist (+) 0 17 bins vs
  let l = loop acc = replicate 17 0f64 for i < n do acc with [bins[i]] = acc[bins[i]] + vs[i]
  in and (map2 (\a b -> f64.abs (a - b) < 1e-6) h l)

#[prop(size(3000))]
entry filter_partition (xs: []i32) =
  let (a, b) = partition (\x -> x % 3 == 0) xs
  let fa = filter (\x -> x % 3 == 0) xs
  let fb = filter (\x -> x % 3 != 0) xs
  in length fa == length a && length fb == length b && and (map2 (==) a (fa :> [length a]i32)) && and (map2 (==) b (fb :> [length b]i32))

#[prop(size(1000))]
entry sort_sorted_perm (xs: []i32) =
  let ys = radix_sort_int i32.num_bits i32.get_bit xs
  in and (map (\i -> i == 0 || ys[i-1] <= ys[i]) (indices ys)) && i32.sum ys == i32.sum xs && length ys == length xs

#[prop(size(500))]
entry rotate_back (xs: []i32) (k: i64) = and (map2 (==) (rotate (-k) (rotate k xs)) xs)

#[prop(size(1000))]
entry segred (lens: []u8) (xs: []i32) =
  let lens = map (\l -> i64.u8 l % 7) lens
  let total = i64.sum lens
  in if total > length xs then true else
  let xs = take total xs
  let r = fold_seg (+) 0 lens xs
  let offs = exscan (+) 0 lens
  let l = map2 (\o n -> loop s = 0 for j < n do s + xs[o + j]) offs lens
  in and (map2 (==) r l)

#[prop(size(2000))]
entry seg_scan_vs_loop (fs: []bool) (xs: []i32) =
  let n = i64.min (length fs) (length xs)
  let fs = take n fs
  let xs = take n xs
  let r = segmented_scan (+) 0 fs xs
  let l = loop acc = replicate n 0 for i < n do acc with [i] = (if i == 0 || fs[i] then xs[i] else acc[i-1] + xs[i])
  in and (map2 (==) r l)

#[prop(size(2000))]
entry argmax_first (xs: []i32) =
  if length xs == 0 then true else
  let (m, i) = reduce (\(a, i) (b, j) -> if b > a || (b == a && j < i) then (b, j) else (a, i)) (i32.lowest, i64.highest) (zip xs (indices xs))
  in xs[i] == m && all (\j -> xs[j] < m || j >= i) (indices xs)

#[prop(size(60))]
entry stencil_sum [n][m] (a: [n][m]i32) =
  let s = stencil_2d #wrap (\at -> at (0, 0) + at (1, 1)) a
  in i32.sum (flatten s) == 2 * i32.sum (flatten a)

#[prop(size(3000))]
entry tuple_scan (xs: []i32) (ys: []i32) =
  let n = i64.min (length xs) (length ys)
  let (a, b) = unzip (scan (\(a, b) (c, d) -> (a + c, i32.max b d)) (0, i32.lowest) (zip (take n xs) (take n ys)))
  in (n == 0 || (a[n-1] == i32.sum (take n xs) && b[n-1] == i32.maximum (take n ys)))
