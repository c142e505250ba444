-- Size-typed matrix functions: transpose, flatten/unflatten, rotate, split, concatenation, a Kronecker product of size [n*p][m*q], cross products through zip3/unzip3, and a size-parametric block module.
-- ==
-- entry: shapes
-- "2x3" input { [[1, 2, 3], [4, 5, 6]] 1i64 -1i64 } output { [[1, 4], [2, 5], [3, 6]] [1, 2, 3, 4, 5, 6] [[6, 4, 5], [3, 1, 2]] [[1, 2, 3, 3, 2, 1], [4, 5, 6, 6, 5, 4]] [[1, 2, 3], [4, 5, 6], [2, 4, 6], [8, 10, 12]] [[3, 2, 1], [6, 5, 4]] true [[1, -1, 2, -2, 3, -3], [65536, 0, 131072, 0, 196608, 0], [4, -4, 5, -5, 6, -6], [262144, 0, 327680, 0, 393216, 0]] }
-- "no rows" input { empty([0][3]i32) 2i64 1i64 } output { empty([3][0]i32) empty([0]i32) empty([0][3]i32) empty([0][6]i32) empty([0][3]i32) empty([0][3]i32) true empty([0][6]i32) }
-- "no columns" input { empty([2][0]i32) 1i64 5i64 } output { empty([0][2]i32) empty([0]i32) empty([2][0]i32) empty([2][0]i32) empty([4][0]i32) empty([2][0]i32) true empty([4][0]i32) }
-- "one" input { [[-7]] -3i64 4i64 } output { [[-7]] [-7] [[-7]] [[-7, -7]] [[-7], [-14]] [[-7]] true [[-7, 7], [-458752, 0]] }
-- "4x5" input { [[-9, 4, -1, 3, -4], [-7, 2, -7, -7, 3], [3, 7, -1, -6, -6], [-5, -7, 4, 5, -1]] 6i64 -7i64 } output { [[-9, -7, 3, -5], [4, 2, 7, -7], [-1, -7, -1, 4], [3, -7, -6, 5], [-4, 3, -6, -1]] [-9, 4, -1, 3, -4, -7, 2, -7, -7, 3, 3, 7, -1, -6, -6, -5, -7, 4, 5, -1] [[-6, -6, 3, 7, -1], [5, -1, -5, -7, 4], [3, -4, -9, 4, -1], [-7, 3, -7, 2, -7]] [[-9, 4, -1, 3, -4, -4, 3, -1, 4, -9], [-7, 2, -7, -7, 3, 3, -7, -7, 2, -7], [3, 7, -1, -6, -6, -6, -6, -1, 7, 3], [-5, -7, 4, 5, -1, -1, 5, 4, -7, -5]] [[-9, 4, -1, 3, -4], [-7, 2, -7, -7, 3], [3, 7, -1, -6, -6], [-5, -7, 4, 5, -1], [-18, 8, -2, 6, -8], [-14, 4, -14, -14, 6], [6, 14, -2, -12, -12], [-10, -14, 8, 10, -2]] [[-4, 3, -1, 4, -9], [3, -7, -7, 2, -7], [-6, -6, -1, 7, 3], [-1, 5, 4, -7, -5]] true [[-9, 9, 4, -4, -1, 1, 3, -3, -4, 4], [-589824, 0, 262144, 0, -65536, 0, 196608, 0, -262144, 0], [-7, 7, 2, -2, -7, 7, -7, 7, 3, -3], [-458752, 0, 131072, 0, -458752, 0, -458752, 0, 196608, 0], [3, -3, 7, -7, -1, 1, -6, 6, -6, 6], [196608, 0, 458752, 0, -65536, 0, -393216, 0, -393216, 0], [-5, 5, -7, 7, 4, -4, 5, -5, -1, 1], [-327680, 0, -458752, 0, 262144, 0, 327680, 0, -65536, 0]] }
-- "wrap" input { [[65536, -2], [3, 32768]] 0i64 0i64 } output { [[65536, 3], [-2, 32768]] [65536, -2, 3, 32768] [[65536, -2], [3, 32768]] [[65536, -2, -2, 65536], [3, 32768, 32768, 3]] [[65536, -2], [3, 32768], [131072, -4], [6, 65536]] [[-2, 65536], [32768, 3]] true [[65536, -65536, -2, 2], [0, 0, -131072, 0], [3, -3, 32768, -32768], [196608, 0, -2147483648, 0]] }
-- entry: cross
-- "basis" input { [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [1.5, -2.0, 0.5]] [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [3.0, 1.0, -1.0]] } output { [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [1.5, 3.0, 7.5]] [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [-2.0, 0.5, 1.5]] }
-- "empty" input { empty([0][3]f64) empty([0][3]f64) } output { empty([0][3]f64) empty([0][3]f64) }
-- "six" input { [[-0.34, -0.6, -1.74], [-0.18, -0.79, -0.44], [0.16, 0.73, 0.5], [0.97, -1.93, 0.62], [0.17, 1.41, 1.76], [-1.95, 1.31, -0.99]] [[0.5, 1.06, 1.39], [1.76, 0.54, 1.44], [-0.01, -1.07, -1.36], [-0.01, 0.98, -0.2], [0.73, -1.5, 1.89], [-0.1, 1.31, 0.92]] } output { [[1.0104000000000002, -0.3974, -0.060400000000000065], [-0.8999999999999999, -0.5152, 1.2932000000000001], [-0.4578, 0.2126, -0.16390000000000002], [-0.22160000000000002, 0.1878, 0.9313], [5.3049, 0.9634999999999999, -1.2843], [2.5021, 1.893, -2.4234999999999998]] [[-0.6, -1.74, -0.34], [-0.79, -0.44, -0.18], [0.73, 0.5, 0.16], [-1.93, 0.62, 0.97], [1.41, 1.76, 0.17], [1.31, -0.99, -1.95]] }
-- entry: block_ops
-- "seven" input { [1, 2, 3, 4, 5, 6, 7] } output { [3, 7, 11] [1, 3, 5, 2, 4, 6] [6, 15] [1, 4, 2, 5, 3, 6] }
-- "empty" input { empty([0]i32) } output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
-- "one" input { [9] } output { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) }
-- "thirty" input { [-19, 11, -17, -5, 18, -16, -18, -2, 3, -7, -6, -5, -13, 19, -9, -8, -11, 11, 8, -14, 15, 3, 1, -7, -17, -11, -19, -5, -6, 17] } output { [-8, -22, 2, -20, -4, -11, 6, -17, 0, -6, 18, -6, -28, -24, 11] [-19, -17, 18, -18, 3, -6, -13, -9, -11, 8, 15, 1, -17, -19, -6, 11, -5, -16, -2, -7, -5, 19, -8, 11, -14, 3, -7, -11, -5, 17] [-25, -3, -17, -18, -3, -8, 9, -3, -47, 6] [-19, -5, -18, -7, -13, -8, 8, 3, -17, -5, 11, 18, -2, -6, 19, -11, -14, 1, -11, -6, -17, -16, 3, -5, -9, 11, 15, -7, -19, 17] }

-- Row and column rotations (b[i][j] = a[i+r][j+c], cyclically).
def roll2 [n][m] 't (r: i64) (c: i64) (a: [n][m]t) : [n][m]t =
  rotate r (map (rotate c) a)

def hcat [n][m][k] 't (a: [n][m]t) (b: [n][k]t) : [n][m + k]t = map2 (++) a b

def vcat [n][k][m] 't (a: [n][m]t) (b: [k][m]t) : [n + k][m]t = a ++ b

def kron [n][m][p][q] (a: [n][m]i32) (b: [p][q]i32) : [n * p][m * q]i32 =
  tabulate_2d (n * p) (m * q) (\i j -> a[i / p, j / q] * b[i % p, j % q])

-- Transpose, flatten, a rotation, the matrix beside its mirror image, the
-- matrix above its double, the mirror's right halves split back off, whether
-- unflatten undoes flatten, and the Kronecker product with [[1, -1], [65536, 0]].
entry shapes [n][m] (a: [n][m]i32) (r: i64) (c: i64)
    : ([m][n]i32, [n * m]i32, [n][m]i32, [n][m + m]i32, [n + n][m]i32, [n][m]i32, bool, [n * 2][m * 2]i32) =
  let f = flatten a
  let h = hcat a (map reverse a)
  let v = vcat a (map (map (* 2)) a)
  let rights = map (\row -> let (_, right) = split row in right) h
  let back = unflatten f : [n][m]i32
  in (transpose a, f, roll2 r c a, h, v, rights, and (map2 (\x y -> and (map2 (==) x y)) back a),
      kron a [[1, -1], [65536, 0]])

-- Row-wise cross products through zip3/unzip3 of columns, and each row's
-- components cycled (x, y, z) -> (y, z, x).
entry cross [n] (a: [n][3]f64) (b: [n][3]f64) : ([n][3]f64, [n][3]f64) =
  let cols (m: [n][3]f64) = unzip3 (map (\r -> (r[0], r[1], r[2])) m)
  let (ax, ay, az) = cols a
  let (bx, by, bz) = cols b
  let cx = map2 (-) (map2 (*) ay bz) (map2 (*) az by)
  let cy = map2 (-) (map2 (*) az bx) (map2 (*) ax bz)
  let cz = map2 (-) (map2 (*) ax by) (map2 (*) ay bx)
  let cyc = map (\(x, y, z) -> [y, z, x]) (zip3 ax ay az)
  in (transpose [cx, cy, cz], cyc)

-- Fixed-width blocks of a flat array, for a block width given as a module.
module type width = { val k : i64 }

module blocks (W: width) = {
  def k = W.k
  type block = [k]i32
  -- The first m*k elements as m blocks.
  def tile [l] (m: i64) (xs: [l]i32) : [m]block = unflatten (xs[:m * k] :> [m * k]i32)
  def sums [m] (bs: [m]block) : [m]i32 = map i32.sum bs
  -- Element j of every block, then element j+1 of every block, ...
  def interleave [m] (bs: [m]block) : [k * m]i32 = flatten (transpose bs)
}

module B2 = blocks { def k : i64 = 2 }
module B3 = blocks { def k = 3i64 }

-- Block sums and interleavings for widths 2 and 3 (a partial last block is
-- dropped).
entry block_ops [l] (xs: [l]i32) : ([]i32, []i32, []i32, []i32) =
  let b2 = B2.tile (l / 2) xs
  let b3 = B3.tile (l / B3.k) xs
  in (B2.sums b2, B2.interleave b2, B3.sums b3, B3.interleave b3)
