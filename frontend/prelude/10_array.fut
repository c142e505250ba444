-- Array functions written in Loom over the intrinsics.

-- | `xs ++ ys`: the elements of `xs` followed by those of `ys`.
def (++) [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t = concat xs ys
-- | `length xs`: the number of elements (rows) of `xs`.
def length [n] 't (_: [n]t) : i64 = n
-- | `null xs`: whether `xs` has no elements.
def null [n] 't (_: [n]t) : bool = n == 0
-- | `head xs`: the first element (an error for an empty array).
def head [n] 't (x: [n]t) : t = x[0]
-- | `last xs`: the last element (an error for an empty array).
def last [n] 't (x: [n]t) : t = x[n - 1]
-- | `tail xs`: all but the first element.
def tail [n] 't (x: [n]t) : [n - 1]t = x[1:]
-- | `init xs`: all but the last element.
def init [n] 't (x: [n]t) : [n - 1]t = x[0:n - 1]
-- | `take i xs`: the first `i` elements.
def take [n] 't (i: i64) (x: [n]t) : [i]t = x[0:i]
-- | `drop i xs`: all but the first `i` elements.
def drop [n] 't (i: i64) (x: [n]t) : [n - i]t = x[i:]
-- | `sized n xs`: `xs` with its size checked to be `n` (a run-time error if not).
def sized [m] 't (n: i64) (xs: [m]t) : [n]t = xs :> [n]t
-- | `indices xs`: `iota (length xs)`.
def indices [n] 't (_: [n]t) : *[n]i64 = iota n
-- | `rotate r xs`: `xs` rotated `r` places to the left (element i is `xs[(i + r) % n]`).
def rotate [n] 't (r: i64) (a: [n]t) : [n]t = map (\i -> a[(i + r) % n]) (iota n)
-- | `and xs`: whether every element of `xs` is true.
def and [n] (xs: [n]bool) : bool = reduce (&&) true xs
-- | `or xs`: whether some element of `xs` is true.
def or [n] (xs: [n]bool) : bool = reduce (||) false xs
-- | `all p xs`: whether `p` holds for every element.
def all [n] 'a (f: a -> bool) (xs: [n]a) : bool = reduce (&&) true (map f xs)
-- | `any p xs`: whether `p` holds for some element.
def any [n] 'a (f: a -> bool) (xs: [n]a) : bool = reduce (||) false (map f xs)
-- | `foldl f acc xs`: `f` applied from the left, one element at a time (sequential).
def foldl [n] 'a 'b (f: a -> b -> a) (acc: a) (bs: [n]b) : a =
  loop acc for b in bs do f acc b
-- | `foldr f acc xs`: `f` applied from the right, one element at a time (sequential).
def foldr [n] 'a 'b (f: b -> a -> a) (acc: a) (bs: [n]b) : a =
  loop acc for b in reverse bs do f b acc
-- | `tabulate n f`: `[f 0, f 1, ..., f (n-1)]`.
def tabulate 'a (n: i64) (f: i64 -> a) : *[n]a = map f (iota n)
-- | `tabulate_2d n m f`: the `n` by `m` array whose element (i, j) is `f i j`.
def tabulate_2d 'a (n: i64) (m: i64) (f: i64 -> i64 -> a) : *[n][m]a =
  map (\i -> map (f i) (iota m)) (iota n)
-- | `tabulate_3d n m o f`: the 3-D array whose element (i, j, k) is `f i j k`.
def tabulate_3d 'a (n: i64) (m: i64) (o: i64) (f: i64 -> i64 -> i64 -> a) : *[n][m][o]a =
  map (\i -> map (\j -> map (f i j) (iota o)) (iota m)) (iota n)
-- | `spread k x is vs`: `scatter (replicate k x) is vs`.
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t = scatter (replicate k x) is vs

-- The multi-dimensional scatters and histograms are the one-dimensional ones on the
-- flattened array, at row-major offsets: each backend runs them in parallel as it runs
-- `scatter` and `reduce_by_index`.
-- | `row_major_offset_2d k m (i, j)`: the place of `(i, j)` in a flattened `[k][m]`
-- array, or -1 where it is out of range.
def row_major_offset_2d (k: i64) (m: i64) ((i, j): (i64, i64)) : i64 =
  if i >= 0 && i < k && j >= 0 && j < m then i * m + j else -1
-- | `row_major_offset_3d k m l (i, j, q)`: the same for a `[k][m][l]` array.
def row_major_offset_3d (k: i64) (m: i64) (l: i64) ((i, j, q): (i64, i64, i64)) : i64 =
  if i >= 0 && i < k && j >= 0 && j < m && q >= 0 && q < l then (i * m + j) * l + q else -1
-- | `scatter_2d dest is vs`: `scatter` into a matrix, with (row, column) indices.
def scatter_2d 't [k] [n] [l] (dest: *[k][n]t) (is: [l](i64, i64)) (vs: [l]t) : *[k][n]t =
  unflatten (scatter (flatten dest) (map (row_major_offset_2d k n) is) vs)
-- | `scatter_3d dest is vs`: `scatter` into a 3-D array, with index triples.
def scatter_3d 't [k] [n] [o] [l] (dest: *[k][n][o]t) (is: [l](i64, i64, i64)) (vs: [l]t) : *[k][n][o]t =
  unflatten_3d (scatter (flatten_3d dest) (map (row_major_offset_3d k n o) is) vs)
-- | `reduce_by_index_2d dest op ne is xs`: `reduce_by_index` into a matrix of bins.
def reduce_by_index_2d 'a [k] [n] [m] (dest: *[k][m]a) (f: a -> a -> a) (ne: a) (is: [n](i64, i64)) (xs: [n]a) : *[k][m]a =
  unflatten (reduce_by_index (flatten dest) f ne (map (row_major_offset_2d k m) is) xs)
-- | `reduce_by_index_3d dest op ne is xs`: `reduce_by_index` into a 3-D array of bins.
def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[k][m][l]a) (f: a -> a -> a) (ne: a) (is: [n](i64, i64, i64)) (xs: [n]a) : *[k][m][l]a =
  unflatten_3d (reduce_by_index (flatten_3d dest) f ne (map (row_major_offset_3d k m l) is) xs)
-- | `exscan op ne xs`: the exclusive prefix combinations: element i combines `xs[0..i-1]`
-- (`ne` first).
def exscan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a =
  let s = scan op ne xs
  in map (\i -> if i == 0 then ne else s[i - 1]) (iota n)

-- | `zip xs ys`: the pairs of the elements at each index of `xs` and `ys`.
def zip [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) = map2 (\x y -> (x, y)) xs ys
-- | `zip2 xs ys`: the same as `zip xs ys`.
def zip2 [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) = map2 (\x y -> (x, y)) xs ys
-- | `zip3 xs ys zs`: the triples of the elements at each index.
def zip3 [n] 'a 'b 'c (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n](a, b, c) =
  map3 (\x y z -> (x, y, z)) xs ys zs
-- | `zip4 xs ys zs ws`: the 4-tuples of the elements at each index.
def zip4 [n] 'a 'b 'c 'd (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n](a, b, c, d) =
  map4 (\x y z w -> (x, y, z, w)) xs ys zs ws
-- | `zip5 xs ys zs ws vs`: the 5-tuples of the elements at each index.
def zip5 [n] 'a 'b 'c 'd 'e (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n](a, b, c, d, e) =
  map5 (\x y z w v -> (x, y, z, w, v)) xs ys zs ws vs
-- | `unzip xs`: an array of pairs as a pair of arrays.
def unzip [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) = (map (.0) xs, map (.1) xs)
-- | `unzip2 xs`: the same as `unzip xs`.
def unzip2 [n] 'a 'b (xs: [n](a, b)) : ([n]a, [n]b) = (map (.0) xs, map (.1) xs)
-- | `unzip3 xs`: an array of triples as three arrays.
def unzip3 [n] 'a 'b 'c (xs: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  (map (.0) xs, map (.1) xs, map (.2) xs)
-- | `unzip4 xs`: an array of 4-tuples as four arrays.
def unzip4 [n] 'a 'b 'c 'd (xs: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  (map (.0) xs, map (.1) xs, map (.2) xs, map (.3) xs)
-- | `unzip5 xs`: an array of 5-tuples as five arrays.
def unzip5 [n] 'a 'b 'c 'd 'e (xs: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  (map (.0) xs, map (.1) xs, map (.2) xs, map (.3) xs, map (.4) xs)
