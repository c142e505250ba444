-- Size-typed generic matrix multiplication over ordinary, tropical (min,+) and boolean semirings; flatten/unflatten helpers.
-- ==
-- entry: mm_i32
-- "2x3 by 3x2" input { [[1, 2, 3], [4, 5, 6]] [[7, 8], [9, 10], [11, 12]] } output { [[58, 64], [139, 154]] }
-- "no rows" input { empty([0][3]i32) [[1, 2], [3, 4], [5, 6]] } output { empty([0][2]i32) }
-- "inner zero" input { empty([2][0]i32) empty([0][3]i32) } output { [[0, 0, 0], [0, 0, 0]] }
-- "one" input { [[-7]] [[6]] } output { [[-42]] }
-- "wrap" input { [[65536, 1]] [[65536], [5]] } output { [[5]] }
-- entry: mm_f64
-- "2x2" input { [[0.5, -1.0], [2.0, 0.25]] [[4.0, 1.0], [-2.0, 8.0]] } output { [[4.0, -7.5], [7.5, 4.0]] }
-- "row by col" input { [[1.0, 2.0, 3.0]] [[0.5], [0.25], [0.125]] } output { [[1.375]] }
-- entry: shortest
-- "five nodes" input { [[0.0, 3.0, f64.inf, 7.0, f64.inf], [8.0, 0.0, 2.0, f64.inf, f64.inf], [5.0, f64.inf, 0.0, 1.0, f64.inf], [2.0, f64.inf, f64.inf, 0.0, f64.inf], [f64.inf, 1.0, f64.inf, f64.inf, 4.0]] } output { [[0.0, 3.0, 5.0, 6.0, f64.inf], [5.0, 0.0, 2.0, 3.0, f64.inf], [3.0, 6.0, 0.0, 1.0, f64.inf], [2.0, 5.0, 7.0, 0.0, f64.inf], [6.0, 1.0, 3.0, 4.0, 0.0]] }
-- "empty" input { empty([0][0]f64) } output { empty([0][0]f64) }
-- "one" input { [[5.0]] } output { [[0.0]] }
-- "disconnected" input { [[f64.inf, 1.5], [f64.inf, f64.inf]] } output { [[0.0, 1.5], [f64.inf, 0.0]] }
-- entry: reach
-- "chain" input { [[false, true, false, false], [false, false, true, false], [false, false, false, false], [true, false, false, false]] } output { [[true, true, true, false], [false, true, true, false], [false, false, true, false], [true, true, true, true]] }
-- "empty" input { empty([0][0]bool) } output { empty([0][0]bool) }
-- "one" input { [[false]] } output { [[true]] }
-- "cycle" input { [[false, false, true], [true, false, false], [false, true, false]] } output { [[true, true, true], [true, true, true], [true, true, true]] }
-- entry: power
-- "fibonacci" input { [[1, 1], [1, 0]] 10 } output { [[89, 55], [55, 34]] }
-- "zeroth" input { [[2, 3], [4, 5]] 0 } output { [[1, 0], [0, 1]] }
-- "negative k" input { [[2]] -3 } output { [[1]] }
-- "one" input { [[-3]] 5 } output { [[-243]] }
-- "empty" input { empty([0][0]i32) 4 } output { empty([0][0]i32) }
-- "wrap" input { [[2, 0], [0, 3]] 31 } output { [[-2147483648, 0], [0, 1264544299]] }
-- entry: reshape_i32
-- "2x3" input { [[1, 2, 3], [4, 5, 6]] } output { [1, 2, 3, 4, 5, 6] [[1, 2], [3, 4], [5, 6]] }
-- "empty rows" input { empty([0][3]i32) } output { empty([0]i32) empty([3][0]i32) }
-- "one" input { [[9]] } output { [9] [[9]] }
-- "3x1" input { [[1], [2], [3]] } output { [1, 2, 3] [[1, 2, 3]] }

def matmul [n][m][p] 'a (add: a -> a -> a) (mul: a -> a -> a) (zero: a)
                         (x: [n][m]a) (y: [m][p]a) : [n][p]a =
  map (\row -> map (\col -> reduce add zero (map2 mul row col)) (transpose y)) x

type matrix [n][m] 'a = [n][m]a

def identity 'a (n: i64) (zero: a) (one: a) : matrix [n][n] a =
  tabulate_2d n n (\i j -> if i == j then one else zero)

-- x^(2^k) for the smallest k with 2^k >= n, by repeated squaring.
def square_closure [n] 'a (add: a -> a -> a) (mul: a -> a -> a) (zero: a) (x: matrix [n][n] a) : matrix [n][n] a =
  let (r, _) = loop (r, len) = (x, 1i64) while len < n do
                 (matmul add mul zero r r, len * 2)
  in r

def flat [n][m] 't (x: [n][m]t) : [n * m]t = flatten x

def unflat [nm] 't (k: i64) (l: i64) (x: [nm]t) : [k][l]t =
  unflatten (x :> [k * l]t)

-- Reinterpret an n-by-m matrix as m-by-n (not a transpose).
def reshape [n][m] 't (x: [n][m]t) : [m][n]t = unflat m n (flat x)

entry mm_i32 [n][m][p] (x: [n][m]i32) (y: [m][p]i32) : [n][p]i32 =
  matmul (+) (*) 0 x y

entry mm_f64 [n][m][p] (x: [n][m]f64) (y: [m][p]f64) : [n][p]f64 =
  matmul (+) (*) 0 x y

-- All-pairs shortest paths in the (min, +) semiring; f64.inf = no edge.
entry shortest [n] (w: [n][n]f64) : [n][n]f64 =
  let d = map2 (\i row -> map2 (\j x -> if i == j then f64.min 0 x else x) (iota n) row) (iota n) w
  in square_closure f64.min (+) f64.inf d

-- Reflexive-transitive closure in the (or, and) semiring.
entry reach [n] (adj: [n][n]bool) : [n][n]bool =
  let i = identity n false true
  in square_closure (||) (&&) false (map2 (map2 (||)) adj i)

-- A power of a square matrix, with the identity as the start.
entry power [n] (x: [n][n]i32) (k: i32) : [n][n]i32 =
  loop acc = identity n 0 1 for _i < k do matmul (+) (*) 0 acc x

entry reshape_i32 [n][m] (x: [n][m]i32) : ([n * m]i32, [m][n]i32) =
  (flat x, reshape x)
