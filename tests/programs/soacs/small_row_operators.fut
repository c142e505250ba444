-- Reductions and scans whose operator works on rows of a few elements through constant
-- indices (products of 2x2 matrices as [4] rows): the compiler makes them reductions and
-- scans of that many scalars (compiler/passes/Scalarize.h); on cuda they ran on the
-- host's cores before.  The results must be the interpreter's.
-- ==
-- entry: fib
-- input { 10i64 }
-- output { [1, 1, 2, 3, 5, 8, 13, 21, 34, 55] }
-- input { 0i64 }
-- output { empty([0]i32) }
-- input { 50i64 }
-- output { [1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584,
--   4181, 6765, 10946, 17711, 28657, 46368, 75025, 121393, 196418, 317811, 514229,
--   832040, 1346269, 2178309, 3524578, 5702887, 9227465, 14930352, 24157817, 39088169,
--   63245986, 102334155, 165580141, 267914296, 433494437, 701408733, 1134903170,
--   1836311903, -1323752223, 512559680, -811192543, -298632863] }

def mul (a: [4]i32) (b: [4]i32) : [4]i32 =
  [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
   a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]]

entry fib (n: i64) : [n]i32 =
  map (\q -> q[1]) (scan mul [1, 0, 0, 1] (replicate n [1, 1, 1, 0]))

-- ==
-- entry: product
-- input { [1, 2, 3, 4] }
-- output { [24, 50, 0, 24] }
-- input { empty([0]i32) }
-- output { [1, 0, 0, 1] }

entry product (xs: []i32) : [4]i32 = reduce mul [1, 0, 0, 1] (map (\x -> [x, 1, 0, x]) xs)

-- The rows an input's, the scan's rows a result; beside a scalar operand (a pair).
-- ==
-- entry: running
-- input { [[1, 1, 1, 0], [2, 0, 0, 2], [1, 2, 3, 4]] [5, 6, 7] }
-- output { [[1, 1, 1, 0], [2, 2, 2, 0], [8, 12, 2, 4]] [5, 11, 18] }
-- input { empty([0][4]i32) empty([0]i32) }
-- output { empty([0][4]i32) empty([0]i32) }

entry running [n] (ms: [n][4]i32) (xs: [n]i32) : ([n][4]i32, [n]i32) =
  unzip (scan (\(a, x) (b, y) -> (mul a b, x + y)) ([1, 0, 0, 1], 0) (zip ms xs))

-- A tall stack (chunks of rows on a GPU) of matrices [[1, i], [0, 1]], whose product is
-- [[1, the sum of the i], [0, 1]].
-- ==
-- entry: tall
-- input { 100000i64 }
-- output { [1i64, 4999950000i64, 0i64, 1i64] 4999950000i64 }

entry tall (n: i64) : ([4]i64, i64) =
  let mul64 (a: [4]i64) (b: [4]i64) : [4]i64 =
    [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
     a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]]
  let ms = map (\i -> [1, i, 0, 1]) (iota n)
  let s = scan mul64 [1, 0, 0, 1] ms
  in (reduce mul64 [1, 0, 0, 1] ms, s[n - 1][1])

-- An operator using its rows whole stays a reduction of rows (the row of the largest
-- first element); rows of floats.
-- ==
-- entry: not_constant
-- input { [[1f32, 2f32], [3f32, 0.5f32], [0f32, 4f32]] }
-- output { [3f32, 0.5f32] [3f32, 4f32] }
-- input { empty([0][2]f32) }
-- output { [0f32, 0f32] [0f32, 0f32] }

entry not_constant [n] (xs: [n][2]f32) : ([2]f32, [2]f32) =
  let pick (a: [2]f32) (b: [2]f32) : [2]f32 = if a[0] >= b[0] then a else b
  in (reduce pick [0, 0] xs, reduce (\a b -> [f32.max a[0] b[0], f32.max a[1] b[1]]) [0, 0] xs)

-- Rows of rows: 2x2 matrices as [2][2], scanned (the results rows of rows again).
-- ==
-- entry: scan22
-- input { [[[1, 1], [1, 0]], [[1, 1], [1, 0]], [[2, 0], [0, 2]]] }
-- output { [[[1, 1], [1, 0]], [[2, 1], [1, 1]], [[4, 2], [2, 2]]] }
-- input { empty([0][2][2]i32) }
-- output { empty([0][2][2]i32) }

entry scan22 [n] (ms: [n][2][2]i32) : [n][2][2]i32 =
  let mul (r: [2][2]i32) (s: [2][2]i32) : [2][2]i32 =
    [[r[0][0] * s[0][0] + r[0][1] * s[1][0], r[0][0] * s[0][1] + r[0][1] * s[1][1]],
     [r[1][0] * s[0][0] + r[1][1] * s[1][0], r[1][0] * s[0][1] + r[1][1] * s[1][1]]]
  in scan mul [[1, 0], [0, 1]] ms

-- Operators choosing rows whole (`if`s between rows, rows of rows and literals), one
-- with a loop reading elements, beside a scalar operand: `if`s over elements once
-- rewritten.
-- ==
-- entry: chosen
-- input { [[1, 5], [3, 2], [3, 7], [0, 9]] [4, 1, 8, 2] }
-- output { [3, 7] [[1, 5], [3, 2], [3, 7], [3, 7]] [3, 2] [9, 9] 15 [3, 9] }
-- input { empty([0][2]i32) empty([0]i32) }
-- output { [-100, 0] empty([0][2]i32) [100, 0] [-1000, 0] 0 [-1000, -1000] }

entry chosen [n] (xs: [n][2]i32) (ws: [n]i32) =
  let best (a: [2]i32) (b: [2]i32) : [2]i32 =
    if a[0] > b[0] then a else if a[0] < b[0] then b else if a[1] >= b[1] then a else b
  let least (a: [2]i32) (b: [2]i32) : [2]i32 =
    if a[0] + a[1] <= b[0] + b[1] then a else [b[0], b[1]]
  let pair = zip (map (\r -> [[r[0], r[1]], [r[1], r[0]]]) xs) ws
  let (m, w) = reduce (\(a, x) (b, y) ->
                          (if a[0][1] > b[0][1] then [a[0], a[1]] else [b[0], b[1]], x + y))
                      ([[-1000, -1000], [0, 0]], 0) pair
  let maxes = reduce (\a b -> let r = loop acc = [a[0], a[1]] for _i < 1 do
                                         [i32.max acc[0] b[0], i32.max acc[1] b[1]]
                               in [r[0], r[1]])
                     [-1000, -1000] xs
  in (reduce best [-100, 0] xs, scan best [-100, 0] xs, reduce least [100, 0] xs,
      [m[0][1], m[1][0]], w, maxes)
