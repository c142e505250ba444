-- Reductions of rows that a map makes (column sums, a vector times a matrix): the cpu
-- backend folds four rows at a time into the accumulator, each element row after row
-- (so the sums are the ones folding the rows one by one gives), and the rows left over
-- one at a time.  Row counts not a multiple of four, over several chunks; other
-- operators and element types; a row function with a loop in it.
-- ==
-- entry: colsums
-- input { 103i64 64i64 } output { true }
-- input { 6i64 3i64 } output { true }
-- input { 0i64 5i64 } output { true }

-- Integer columns: exact, compared with a loop's sums.  (The loop's matrix is written
-- apart, so that the reduction's rows are made in it, not shared.)
entry colsums (n: i64) (m: i64) : bool =
  let zeros = replicate m 0
  let a = tabulate_2d n m (\i j -> (i * 31 + j * 7) % 101 - 50)
  let v = tabulate n (\i -> i % 5 - 2)
  let got = reduce (map2 (+)) zeros (map2 (\row x -> map (* x) row) a v)
  let want = loop acc = replicate m 0 for i < n do
               map2 (\s j -> s + ((j * 7 + i * 31) % 101 - 50) * (i % 5 - 2)) acc (iota m)
  in and (map2 (==) got want)

-- ==
-- entry: vecmat vecmat16 colmax
-- input { 103i64 64i64 } output { true }
-- input { 9i64 5i64 } output { true }

-- f32 of small integers (exact sums), f16 the same, and the largest by f32.max; each
-- checked against a loop over a matrix written apart.
def a_at (i: i64) (j: i64) = f32.i64 ((i * 13 + j * 5) % 17 - 8)
def b_at (j: i64) (i: i64) = f32.i64 ((j * 5 + i * 13) % 17 - 8)

entry vecmat (n: i64) (m: i64) : bool =
  let zeros = replicate m 0
  let got = reduce (map2 (+)) zeros
                   (map (\i -> map (\j -> a_at i j * f32.i64 (i % 3)) (iota m)) (iota n))
  let want = loop acc = replicate m 0 for i < n do
               map2 (\s j -> s + b_at j i * f32.i64 (i % 3)) acc (iota m)
  in and (map2 (==) got want)

entry vecmat16 (n: i64) (m: i64) : bool =
  let zeros = replicate m 0f16
  let got = reduce (map2 (+)) zeros
                   (map (\i -> map (\j -> f16.f32 (a_at i j * f32.i64 (i % 3))) (iota m)) (iota n))
  let want = loop acc = replicate m 0 for i < n do
               map2 (\s j -> s + b_at j i * f32.i64 (i % 3)) acc (iota m)
  in and (map2 (==) (map f32.f16 got) want)

entry colmax (n: i64) (m: i64) : bool =
  let lowest = replicate m f32.lowest
  let got = reduce (map2 f32.max) lowest
                   (map (\i -> map (\j -> a_at i j + f32.i64 (i % 3)) (iota m)) (iota n))
  let want = loop acc = replicate m f32.lowest for i < n do
               map2 (\s j -> f32.max s (b_at j i + f32.i64 (i % 3))) acc (iota m)
  in and (map2 (==) got want)

-- ==
-- entry: looped
-- input { 103i64 16i64 } output { true }

-- A row function with a loop in each element, and a row of the index.
entry looped (n: i64) (m: i64) : bool =
  let zeros = replicate m 0
  let rows = map (\i -> map (\j -> loop s = i for k < j % 4 do s * 3 + k) (iota m)) (iota n)
  let got = reduce (map2 (+)) zeros rows
  let want = loop acc = replicate m 0 for i < n do
               map2 (\s j -> s + (loop s = i for k < j % 4 do s * 3 + k)) acc (iota m)
  in and (map2 (==) got want)

-- ==
-- entry: scaled_rows any_positive
-- input { 103i64 16i64 } output { true }
-- input { 7i64 3i64 } output { true }

-- Each row scaled by its own sum (a reduction in the row's function, before its map).
entry scaled_rows (n: i64) (m: i64) : bool =
  let zeros = replicate m 0
  let got = reduce (map2 (+)) zeros
                   (map (\i -> let r = map (\j -> (i + j) % 7) (iota m)
                               let s = i64.sum r
                               in map (\x -> x * s) r) (iota n))
  let want = loop acc = replicate m 0 for i < n do
               let s = loop s = 0 for j < m do s + (j + i) % 7
               in map2 (\a j -> a + (j + i) % 7 * s) acc (iota m)
  in and (map2 (==) got want)

-- Booleans folded by `||`.
entry any_positive (n: i64) (m: i64) : bool =
  let falses = replicate m false
  let got = reduce (map2 (||)) falses
                   (map (\i -> map (\j -> (i * 7 + j * 3) % 11 == 10) (iota m)) (iota n))
  let want = loop acc = replicate m false for i < n do
               map2 (\a j -> a || (j * 3 + i * 7) % 11 == 10) acc (iota m)
  in and (map2 (==) got want)
