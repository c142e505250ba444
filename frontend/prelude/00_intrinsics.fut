-- The prelude (see README.md).  Intrinsics: the bulk operations, implemented in
-- C++ by the interpreter over flat typed buffers.

-- | `map f xs`: `f` applied to every element of `xs`, in parallel.
intrinsic def map 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x
-- | `map1 f xs`: the same as `map f xs`.
intrinsic def map1 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x
-- | `map2 f xs ys`: `f x y` for the elements at each index of `xs` and `ys` (of one length).
intrinsic def map2 'a 'b [n] 'x (f: a -> b -> x) (xs: [n]a) (ys: [n]b) : *[n]x
-- | `map3 f xs ys zs`: `f` applied to the elements at each index of three arrays.
intrinsic def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n]x
-- | `map4 f xs ys zs ws`: `f` applied to the elements at each index of four arrays.
intrinsic def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n]x
-- | `map5 f xs ys zs ws vs`: `f` applied to the elements at each index of five arrays.
intrinsic def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n]x
-- | `reduce op ne xs`: the elements of `xs` combined with `op`, which must be associative
-- with `ne` as its neutral element (the order of the combinations is not fixed);
-- `ne` for an empty array.
intrinsic def reduce [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a
-- | `reduce_comm op ne xs`: as `reduce`, for an `op` that is also commutative.
intrinsic def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a
-- | `scan op ne xs`: the inclusive prefix combinations of `xs` with the associative `op`
-- (neutral element `ne`): element i is `xs[0] op ... op xs[i]`.
intrinsic def scan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a
-- | `filter p xs`: the elements of `xs` for which `p` holds, in their order.
intrinsic def filter [n] 'a (p: a -> bool) (xs: [n]a) : *[]a
-- | `partition p xs`: the elements for which `p` holds, then the others, each in order.
intrinsic def partition [n] 'a (p: a -> bool) (xs: [n]a) : ([]a, []a)
-- | `partition2 p1 p2 xs`: the elements for which `p1` holds, those for which `p2`
-- holds (and not `p1`), then the rest, each in order.
intrinsic def partition2 [n] 'a (p1: a -> bool) (p2: a -> bool) (xs: [n]a) : ([]a, []a, []a)
-- | `scatter dest is vs`: `dest` with `dest[is[j]] = vs[j]` for every j whose index is in
-- range (others are ignored); consumes `dest`.  Which of several writes to one index
-- wins is not specified.
intrinsic def scatter 't [k] [n] (dest: *[k]t) (is: [n]i64) (vs: [n]t) : *[k]t
-- | `hist op ne k is xs`: a histogram of `k` bins starting at `ne`: each `xs[j]` is combined
-- with `op` (associative and commutative) into bin `is[j]`; out-of-range indices are ignored.
intrinsic def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (xs: [n]a) : *[k]a
-- | `trace x`: x.  The interpreter prints it first, after where the call is, as it
-- does for `#[trace] x` (compiled code leaves that out).
intrinsic def trace 't (x: t) : t
-- | `reduce_by_index dest op ne is xs`: `hist` into the existing bins `dest` (consumed).
intrinsic def reduce_by_index 'a [k] [n] (dest: *[k]a) (f: a -> a -> a) (ne: a) (is: [n]i64) (xs: [n]a) : *[k]a
-- | `radix_sort_perm bits keys`: the stable permutation that sorts the integer array
-- `keys` by the unsigned number of each key's low `bits` bits (all of them from the
-- type's width on; none for `bits <= 0`): element i is the index in `keys` of the i-th
-- smallest.  The backends sort 8 bits a pass (docs/language.md, Sorting).
intrinsic def radix_sort_perm [n] 'k (bits: i32) (keys: [n]k) : *[n]i64
-- | `radix_sort_with bits keys xs`: `xs` in the order `radix_sort_perm bits keys` gives
-- (`map (\i -> xs[i])` of it); an array of 4- or 8-byte numbers is carried through the
-- sort's passes in place of the indices.
intrinsic def radix_sort_with [n] 'k 't (bits: i32) (keys: [n]k) (xs: [n]t) : *[n]t
-- | `iota n`: the array `[0, 1, ..., n-1]`.
intrinsic def iota (n: i64) : *[n]i64
-- | `replicate n x`: an array of `n` copies of `x`.
intrinsic def replicate 't (n: i64) (x: t) : *[n]t
-- | `concat xs ys`: the elements of `xs` followed by those of `ys` (also `xs ++ ys`).
intrinsic def concat [n] [m] 't (xs: [n]t) (ys: [m]t) : *[n + m]t
-- | `transpose a`: the matrix `a` with rows and columns swapped.
intrinsic def transpose [n] [m] 't (a: [n][m]t) : [m][n]t
-- | `flatten xss`: the rows of `xss` one after another.
intrinsic def flatten [n] [m] 't (xs: [n][m]t) : [n * m]t
-- | `flatten_3d xs`: a 3-D array's elements in row-major order.
intrinsic def flatten_3d [n] [m] [l] 't (xs: [n][m][l]t) : [n * m * l]t
-- | `flatten_4d xs`: a 4-D array's elements in row-major order.
intrinsic def flatten_4d [n] [m] [l] [k] 't (xs: [n][m][l][k]t) : [n * m * l * k]t
-- | `unflatten xs`: the `[n * m]` array `xs` as `n` rows of `m` (sizes from its type:
-- `unflatten xs : [n][m]t`).
intrinsic def unflatten 't [n] [m] (xs: [n * m]t) : [n][m]t
-- | `unflatten_3d xs`: `xs` as a 3-D array (sizes from its type).
intrinsic def unflatten_3d 't [n] [m] [l] (xs: [n * m * l]t) : [n][m][l]t
-- | `unflatten_4d xs`: `xs` as a 4-D array (sizes from its type).
intrinsic def unflatten_4d 't [n] [m] [l] [k] (xs: [n * m * l * k]t) : [n][m][l][k]t
-- | `reverse xs`: the elements of `xs` in the opposite order.
intrinsic def reverse [n] 't (x: [n]t) : [n]t
-- | `copy a`: a fresh copy of `a`, which may then be updated in place.
intrinsic def copy 't (a: t) : *t
-- | `manifest a`: `a` stored in memory in its own layout (a copy).
intrinsic def manifest 't (a: t) : *t
-- | `split xs`: the first `n` and the remaining `m` elements of the `[n + m]` array `xs`.
intrinsic def split [n] [m] 't (xs: [n + m]t) : ([n]t, [m]t)
-- | `rep x`: an array of copies of `x`, its length taken from the type.
intrinsic def rep 't [n] (x: t) : *[n]t
