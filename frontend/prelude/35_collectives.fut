-- Accelerate's collective operations (DESIGN.md §7, docs/language.md): stencils with
-- boundary modes, index-space transforms (generate, backpermute, permute) and segmented
-- reductions and scans.  Loom code over the SOACs: the compiler inlines and fuses them,
-- so a stencil's boundary mode and offsets are constants in the kernel it becomes.

-- | How a stencil reads a neighbour past the edge of its array: the nearest edge
-- element (`#clamp`), the element mirrored at the edge without repeating it
-- (`#mirror`: index -1 reads 1, as Accelerate's and SciPy's `mirror`), the element
-- from the other side (`#wrap`, periodic), or a value (`#constant c`).
type boundary 'a = #clamp | #mirror | #wrap | #constant a

-- | The index of `k` reflected into [0, n) (period 2n - 2, edges not repeated).
def mirror_index (n: i64) (k: i64) : i64 =
  if n == 1 then 0
  else let p = 2 * n - 2
       let r = k % p
       in if r < n then r else p - r

-- | The index that boundary mode `b` reads for offset `d` from index `i` of a
-- dimension of size `n` (i in range); -1 for a `#constant` read past the edge.  With
-- `d` a constant the sign tests fold away, and a clamped read is `max 0 (i + d)` or
-- `min (n - 1) (i + d)`: the form the CUDA backend tiles in shared memory.
def boundary_index 'a (b: boundary a) (n: i64) (i: i64) (d: i64) : i64 =
  let k = i + d
  let inside = if d < 0 then k >= 0 else k < n
  in if d == 0 then i
     else match b
          case #clamp -> if d < 0 then i64.max 0 k else i64.min (n - 1) k
          case #wrap -> if inside then k else k % n
          case #mirror -> if inside then k else mirror_index n k
          case #constant _ -> if inside then k else -1

-- | `stencil_1d b f xs`: each element of the result is `f at`, where `at d` reads the
-- element `d` places from it, past the edges as boundary mode `b` says
-- (Accelerate's `stencil`).  `stencil_1d #clamp (\at -> at (-1) + at 0 + at 1) xs`.
def stencil_1d [n] 'a 'b (bd: boundary a) (f: (i64 -> a) -> b) (xs: [n]a) : *[n]b =
  tabulate n (\i ->
    f (\d -> let k = boundary_index bd n i d
             in match bd
                case #constant c -> if k < 0 then c else xs[k]
                case _ -> xs[k]))

-- | `stencil_2d b f xss`: `f at` for each element, `at (di, dj)` reading the element
-- `di` rows and `dj` columns away, past the edges as `b` says.
def stencil_2d [n] [m] 'a 'b (bd: boundary a) (f: ((i64, i64) -> a) -> b) (xss: [n][m]a) : *[n][m]b =
  tabulate_2d n m (\i j ->
    f (\(di, dj) -> let k = boundary_index bd n i di
                    let l = boundary_index bd m j dj
                    in match bd
                       case #constant c -> if k < 0 || l < 0 then c else xss[k, l]
                       case _ -> xss[k, l]))

-- | `stencil_3d b f xsss`: `f at` for each element, `at (di, dj, dk)` reading the
-- element at those offsets, past the edges as `b` says.
def stencil_3d [n] [m] [o] 'a 'b (bd: boundary a) (f: ((i64, i64, i64) -> a) -> b)
                                 (xsss: [n][m][o]a) : *[n][m][o]b =
  tabulate_3d n m o (\i j k ->
    f (\(di, dj, dk) -> let x = boundary_index bd n i di
                        let y = boundary_index bd m j dj
                        let z = boundary_index bd o k dk
                        in match bd
                           case #constant c -> if x < 0 || y < 0 || z < 0 then c else xsss[x, y, z]
                           case _ -> xsss[x, y, z]))

-- | `generate n f`: the array `[f 0, ..., f (n - 1)]` (Accelerate's `generate`).
def generate 'a (n: i64) (f: i64 -> a) : *[n]a = tabulate n f

-- | `generate_2d n m f`: the n by m array of `f (i, j)`.
def generate_2d 'a (n: i64) (m: i64) (f: (i64, i64) -> a) : *[n][m]a =
  tabulate_2d n m (\i j -> f (i, j))

-- | `generate_3d n m o f`: the n by m by o array of `f (i, j, k)`.
def generate_3d 'a (n: i64) (m: i64) (o: i64) (f: (i64, i64, i64) -> a) : *[n][m][o]a =
  tabulate_3d n m o (\i j k -> f (i, j, k))

-- | `backpermute m p xs`: the m elements `xs[p i]` (a backwards permutation, Accelerate's
-- `backpermute`): `backpermute n (\i -> n - 1 - i) xs` reverses xs.
def backpermute [n] 'a (m: i64) (p: i64 -> i64) (xs: [n]a) : *[m]a =
  tabulate m (\i -> xs[p i])

-- | `backpermute_2d m0 m1 p xss`: the m0 by m1 array of `xss[p (i, j)]`:
-- `backpermute_2d m n (\(i, j) -> (j, i)) xss` transposes an n by m array.
def backpermute_2d [n0] [n1] 'a (m0: i64) (m1: i64) (p: (i64, i64) -> (i64, i64))
                                (xss: [n0][n1]a) : *[m0][m1]a =
  tabulate_2d m0 m1 (\i j -> let (k, l) = p (i, j) in xss[k, l])

-- | `permute op ne dest p xs`: dest with each `xs[i]` combined by `op` into `dest[p i]`
-- (a forwards permutation, Accelerate's `permute`); an index outside dest drops the
-- element.  As for `reduce_by_index`, op is associative and commutative with neutral
-- element ne: `permute (+) 0 (replicate k 0) (\i -> bin xs[i]) (replicate n 1)` counts.
def permute [n] [m] 'a (op: a -> a -> a) (ne: a) (dest: *[m]a) (p: i64 -> i64) (xs: [n]a) : *[m]a =
  reduce_by_index dest op ne (tabulate n p) xs

-- | `permute_2d op ne dest p xss`: each `xss[i, j]` combined by `op` into
-- `dest[p (i, j)]`, as `permute`.
def permute_2d [n0] [n1] [m0] [m1] 'a (op: a -> a -> a) (ne: a) (dest: *[m0][m1]a)
                                      (p: (i64, i64) -> (i64, i64)) (xss: [n0][n1]a) : *[m0][m1]a =
  reduce_by_index_2d dest op ne (flatten (tabulate_2d n0 n1 (\i j -> p (i, j)))) (flatten xss)

-- | `segmented_scan op ne flags xs`: an inclusive scan that starts again at each
-- element whose flag is true (and at the first).
def segmented_scan [n] 'a (op: a -> a -> a) (ne: a) (flags: [n]bool) (xs: [n]a) : *[n]a =
  let (_, ys) = unzip (scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else op x1 x2))
                            (false, ne) (zip flags xs))
  in ys

-- | `segmented_reduce op ne flags xs`: the reduction of each segment of xs, a segment
-- starting at each true flag (and at the first element).
def segmented_reduce [n] 'a (op: a -> a -> a) (ne: a) (flags: [n]bool) (xs: [n]a) : *[]a =
  let ys = segmented_scan op ne flags xs
  in map (.1) (filter (\(i, _) -> i == n - 1 || flags[i + 1]) (zip (iota n) ys))

-- | The flags of `segmented_scan` for segments of lengths `lens`, which start at
-- offsets `offs` (`exscan (+) 0 lens`): true at the start of each non-empty segment.
def segment_flags [m] (n: i64) (offs: [m]i64) (lens: [m]i64) : *[n]bool =
  let starts = map2 (\o l -> if l > 0 then o else -1) offs lens
  in scatter (replicate n false) starts (replicate m true)

-- | `flatmap f as` (Futhark's): f's irregular results concatenated, with their shape
-- (each result's length), flags (true where a non-empty one starts), offsets, and
-- the array of f's uniform results.  The concatenation is a loop over `as` writing
-- each result in place: linear work, but sequential over `as` on every backend.
def flatmap [n] 'a 'b 'c (f: a -> ?[m].([m]b, c)) (as: [n]a)
    : ?[k].([n]i64, [k]bool, [n]i64, [k]b, [n]c) =
  let (shape, us) = unzip (map (\x -> let (d, c) = f x in (length d, c)) as)
  let offs = exscan (+) 0 shape
  let k = i64.sum shape
  let data =
    if k == 0 then [] :> [k]b
    else let first = loop i = 0 while shape[i] == 0 do i + 1
         in loop data = replicate k (f as[first]).0[0] for i < n do
              let d = (f as[i]).0 :> [shape[i]]b
              in data with [offs[i]:offs[i] + shape[i]] = d
  in (shape, segment_flags k offs shape, offs, data, us)

-- | `flatmap' f as`: `flatmap` of a function with no uniform result.
def flatmap' [n] 'a 'b (f: a -> ?[m].[m]b) (as: [n]a) : ?[k].([n]i64, [k]bool, [n]i64, [k]b) =
  let (shape, flags, offs, data, _) = flatmap (\x -> (f x, ())) as
  in (shape, flags, offs, data)

-- | The segments' offsets and `scan_seg op ne lens xs`.  The lengths are checked after
-- the scan, which cannot fail with any (scatter drops what falls outside), so the map
-- that makes xs fuses into it.
def scan_seg_offsets [m] [n] 'a (op: a -> a -> a) (ne: a) (lens: [m]i64) (xs: [n]a) : ([m]i64, *[n]a) =
  let offs = exscan (+) 0 lens
  let ys = segmented_scan op ne (segment_flags n offs lens) xs
  let least = i64.minimum lens -- not `all (>= 0)`: a bool in the GPU's scan kernel spills
  let total = i64.sum lens
  let lengths_nonnegative_and_adding_up_to_n = least >= 0 && total == n
  in assert lengths_nonnegative_and_adding_up_to_n (offs, ys)

-- | `scan_seg op ne lens xs`: the inclusive scan of each segment of xs, of lengths
-- `lens` (which add up to the length of xs; Accelerate's `scanl1Seg`).
def scan_seg [m] [n] 'a (op: a -> a -> a) (ne: a) (lens: [m]i64) (xs: [n]a) : *[n]a =
  (scan_seg_offsets op ne lens xs).1

-- | `fold_seg op ne lens xs`: the reduction of each segment of xs, of lengths `lens`
-- (which add up to the length of xs); ne for an empty one (Accelerate's `foldSeg`).
-- Segments of at most 64 elements are each reduced by a loop (a row of a sparse matrix:
-- nothing but the results is written); longer ones by a segmented scan, whose work is
-- balanced however long a segment is.
def fold_seg [m] [n] 'a (op: a -> a -> a) (ne: a) (lens: [m]i64) (xs: [n]a) : *[m]a =
  let offs = exscan (+) 0 lens
  let least = i64.minimum lens
  let most = i64.maximum lens
  let total = i64.sum lens
  let lengths_nonnegative_and_adding_up_to_n = least >= 0 && total == n
  let lens = assert lengths_nonnegative_and_adding_up_to_n lens
  in if most <= 64
     then map2 (\o l -> if l == 0 then ne
                        else loop acc = xs[o] for j < l - 1 do op acc xs[o + 1 + j])
               offs lens
     else let ys = segmented_scan op ne (segment_flags n offs lens) xs
          in map2 (\o l -> if l == 0 then ne else ys[o + l - 1]) offs lens
