-- A polymorphic segmented library (scan, reduce, replicated iota, expand) used at i32, f64 and tuple types.
-- ==
-- entry: scan_i32
-- "basic" input { [true, false, true, false, false] [1, 2, 3, 4, 5] } output { [1, 3, 3, 7, 12] }
-- "first flag false" input { [false, false, true, true] [5, -1, 7, 2147483647] } output { [5, 4, 7, 2147483647] }
-- "empty" input { empty([0]bool) empty([0]i32) } output { empty([0]i32) }
-- "one" input { [false] [9] } output { [9] }
-- "wrap" input { [false, false, false] [2147483647, 1, 5] } output { [2147483647, -2147483648, -2147483643] }
-- entry: max_f64
-- "basic" input { [true, false, true, true, false, false] [1.5, -2.0, 0.25, -7.5, -3.0, -1.0] } output { [1.5, 0.25, -1.0] }
-- "empty" input { empty([0]bool) empty([0]f64) } output { empty([0]f64) }
-- "one" input { [true] [-0.5] } output { [-0.5] }
-- "inf" input { [false, false, true] [-1e300, -f64.inf, f64.inf] } output { [-1e300, f64.inf] }
-- entry: argmax
-- "basic" input { [true, false, false, true, false, true] [3, 9, 9, -2, -5, 4] } output { [9, -2, 4] [1i64, 3i64, 5i64] }
-- "empty" input { empty([0]bool) empty([0]i32) } output { empty([0]i32) empty([0]i64) }
-- "one" input { [false] [-2147483648] } output { [-2147483648] [0i64] }
-- "ties" input { [false, false, false, true, false] [4, 1, 4, 0, 0] } output { [4, 0] [0i64, 3i64] }
-- entry: seg_mean
-- "basic" input { [true, false, true, false, false] [1.0, 2.0, 3.0, 4.0, 8.0] } output { [1.5, 5.0] }
-- "empty" input { empty([0]bool) empty([0]f64) } output { empty([0]f64) }
-- "one" input { [false] [-2.5] } output { [-2.5] }
-- "singletons" input { [true, true, true] [0.5, -0.25, 10000000000.0] } output { [0.5, -0.25, 10000000000.0] }
-- entry: rep_iota
-- "basic" input { [2i64, 0i64, 3i64] } output { [0i64, 0i64, 2i64, 2i64, 2i64] }
-- "empty" input { empty([0]i64) } output { empty([0]i64) }
-- "zeros" input { [0i64, 0i64] } output { empty([0]i64) }
-- "one" input { [4i64] } output { [0i64, 0i64, 0i64, 0i64] }
-- "edges" input { [0i64, 1i64, 0i64, 2i64, 0i64] } output { [1i64, 3i64, 3i64] }
-- entry: ranges
-- "basic" input { [10, -3, 0] [3i64, 2i64, 1i64] } output { [10, 11, 12, -3, -2, 0] [0i64, 0i64, 0i64, 1i64, 1i64, 2i64] }
-- "empty" input { empty([0]i32) empty([0]i64) } output { empty([0]i32) empty([0]i64) }
-- "zero and negative lengths" input { [5, 6, 7, 8] [0i64, -2i64, 2i64, 0i64] } output { [7, 8] [2i64, 2i64] }
-- "one" input { [2147483646] [3i64] } output { [2147483646, 2147483647, -2147483648] [0i64, 0i64, 0i64] }

-- A small polymorphic segmented-operations library.  A segment starts at
-- position 0 and wherever a flag is true.

def sgmscan 't [n] (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  let pairs = scan (\(f1, x1) (f2, x2) -> (f1 || f2, if f2 then x2 else op x1 x2))
                   (false, ne) (zip flags xs)
  in map (.1) pairs

-- One result per segment, via the scan: the value at each segment's last element.
def sgmreduce 't [n] (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : []t =
  let sc = sgmscan op ne flags xs
  let is_last = tabulate n (\i -> i == n - 1 || flags[i + 1])
  in map (.1) (filter (.0) (zip is_last sc))

-- replicated_iota [2,0,3] = [0,0,2,2,2]
def replicated_iota [n] (reps: [n]i64) : []i64 =
  let offs = scan (+) 0 reps
  let m = if n == 0 then 0 else offs[n - 1]
  let starts = map2 (-) offs reps
  let tmp = reduce_by_index (replicate m 0) i64.max 0 starts (iota n)
  in scan i64.max 0 tmp

-- Position of each element within its segment.
def segmented_iota [n] (flags: [n]bool) : [n]i64 =
  map (\x -> x - 1) (sgmscan (+) 0 flags (replicate n 1))

-- Each element a of arr expands to the sz a elements get a 0, ..., get a (sz a - 1).
def expand 'a 'b (sz: a -> i64) (get: a -> i64 -> b) (arr: []a) : []b =
  let szs = map sz arr
  let idxs = replicated_iota szs
  let m = length idxs
  let flags = map2 (\i j -> i == 0 || idxs[i - 1] != j) (iota m) idxs
  let iotas = segmented_iota flags
  in map2 (\i j -> get arr[i] j) idxs iotas

-- The row each element of a flattened ragged array (given by row lengths) belongs to.
def row_of (lens: []i64) : []i64 = replicated_iota lens

entry scan_i32 [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 = sgmscan (+) 0 flags xs

entry max_f64 [n] (flags: [n]bool) (xs: [n]f64) : []f64 = sgmreduce f64.max (-f64.inf) flags xs

-- Per segment: maximum value and its (global) index, first index on ties.
entry argmax [n] (flags: [n]bool) (xs: [n]i32) : ([]i32, []i64) =
  let op (v1: i32, i1: i64) (v2: i32, i2: i64) =
    if v1 > v2 || (v1 == v2 && i1 < i2) then (v1, i1) else (v2, i2)
  in unzip (sgmreduce op (i32.lowest, i64.highest) flags (zip xs (iota n)))

-- Per segment mean, reducing records.
type stat = {sum: f64, cnt: i32}

entry seg_mean [n] (flags: [n]bool) (xs: [n]f64) : []f64 =
  let add (a: stat) (b: stat) : stat = {sum = a.sum + b.sum, cnt = a.cnt + b.cnt}
  let st = sgmreduce add {sum = 0, cnt = 0} flags (map (\x -> {sum = x, cnt = 1}) xs)
  in map (\{sum, cnt} -> sum / f64.i32 cnt) st

entry rep_iota (reps: []i64) : []i64 = replicated_iota reps

-- Expand each (start, len) into start, start+1, ..., start+len-1 and
-- report the row each element came from.
entry ranges [n] (starts: [n]i32) (lens: [n]i64) : ([]i32, []i64) =
  let xs = expand (\(_, l) -> i64.max 0 l) (\(s, _) j -> s + i32.i64 j) (zip starts lens)
  in (xs, row_of (map (i64.max 0) lens))
