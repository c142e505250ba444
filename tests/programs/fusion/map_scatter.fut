-- Maps giving a scatter's indices and values fuse into it (neither array is made): a
-- reversal, a permutation computed from the data, indices out of range dropped, the
-- values read from the destination itself (which then is written as a copy), and an
-- index that fails to compute (its error kept).
-- ==
-- entry: reverse
-- input { [1, 2, 3, 4] } output { [4, 3, 2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }
-- entry: evens_first
-- input { [5, 2, 8, 3, 4, 1] } output { [2, 8, 4, 5, 3, 1] [5, 2, 8, 3, 4, 1] }
-- entry: dropped
-- input { [10, 20, 30, 40, 50] } output { [11, 0, 31, 0, 51] }
-- entry: checked
-- input { [0i64, 1i64] [7, 8] } output { [7, 8, 0] }
-- input { [0i64, 5i64] [7, 8] } error: [Ii]ndex \[5\] out of bounds
-- entry: reads_dest
-- input { [0i64, 1i64, 2i64] } output { [20i64, 10i64, 0i64] }
-- input { [2i64, 0i64] } output { [20i64, 6i64, 0i64] }

entry reverse [n] (xs: [n]i32) : [n]i32 =
  scatter (replicate n 0) (map (\i -> n - 1 - i) (iota n)) xs

-- A stable partition by parity: each element's place from a count of the evens before it.
entry evens_first [n] (xs: [n]i32) : ([n]i32, [n]i32) =
  let even = map (\x -> i64.bool (x % 2 == 0)) xs
  let before = scan (+) 0 even
  let total = if n == 0 then 0 else before[n - 1]
  let place i x c = if x % 2 == 0 then c - 1 else total + i - c
  in (scatter (copy xs) (map3 place (iota n) xs before) xs, xs)

entry dropped [n] (xs: [n]i32) : [n]i32 =
  scatter (replicate n 0) (map (\i -> if i % 2 == 0 then i else -1) (iota n)) (map (+ 1) xs)

-- Three slots, written at indices read from `is` (checked against `ys` for each row).
entry checked [n] (is: [n]i64) (vs: [n]i32) : [3]i32 =
  let ys = [0, 1, 2]
  in scatter (replicate 3 0) (map (\i -> ys[i]) is) vs

-- The index map reads the destination, which the scatter would write in place: fused,
-- the scatter writes a copy, and every index comes from the old values.  (No index is
-- written twice: which of two values lands is unspecified, and differs on a GPU.)
entry reads_dest (xs: []i64) : []i64 =
  let d = [5i64, 6, 7]
  let is = map (\x -> (x + d[x % 3]) % 3) xs
  in scatter d is (map (* 10) xs)
