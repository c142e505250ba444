-- Matrix multiplication with map/reduce dot products, plus a transpose-based variant.
-- ==
-- entry: main matmul_t
-- "2x3 by 3x2" input { [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]] [[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]] } output { [[58.0, 64.0], [139.0, 154.0]] }
-- "1x1" input { [[-2.5]] [[4.0]] } output { [[-10.0]] }
-- "identity 4x4" input { [[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]] [[-2.18, -1.47, 2.38, 1.41], [-0.87, -1.34, 0.79, -2.51], [1.38, 3.53, -2.01, 3.59], [1.34, -3.23, -0.47, 3.09]] } output { [[-2.18, -1.47, 2.38, 1.41], [-0.87, -1.34, 0.79, -2.51], [1.38, 3.53, -2.01, 3.59], [1.34, -3.23, -0.47, 3.09]] }
-- "negative 5x3 by 3x6" input { [[1.58, -1.39, 1.87], [-2.24, -3.35, -2.72], [-1.28, -0.28, -1.87], [2.53, -2.45, -2.96], [-3.27, 0.79, 2.84]] [[0.81, 3.46, 1.8, 2.88, 3.43, 0.37], [3.5, -0.04, -1.81, -0.39, 1.32, -1.35], [3.23, -1.94, -1.28, -1.93, -1.16, -3.96]] } output { [[2.454900000000001, 1.8946, 2.9663, 1.4833999999999996, 1.4154000000000004, -4.944100000000001], [-22.325, -2.3396000000000003, 5.5131, 0.1049, -8.950000000000001, 14.464900000000002], [-8.0569, -0.7897999999999997, 0.5963999999999999, 0.03190000000000032, -2.5908000000000007, 7.3096000000000005], [-16.0865, 14.5942, 12.7773, 13.954699999999999, 8.877499999999998, 15.965200000000001], [9.2895, -16.8554, -10.9511, -15.2069, -13.4677, -13.5228]] }
-- "empty rows" input { empty([0][3]f64) [[1.03, -1.74], [-3.46, 0.93], [-2.59, -1.56]] } output { empty([0][2]f64) }
-- "empty inner" input { empty([2][0]f64) empty([0][3]f64) } output { [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] }
-- entry: matpow
-- "fibonacci^10" input { [[1i64, 1i64], [1i64, 0i64]] 10 } output { [[89i64, 55i64], [55i64, 34i64]] }
-- "power 0" input { [[2i64, -3i64], [5i64, 7i64]] 0 } output { [[1i64, 0i64], [0i64, 1i64]] }
-- "3x3 negative ^5" input { [[1i64, -2i64, 0i64], [3i64, 1i64, -1i64], [0i64, 2i64, -3i64]] 5 } output { [[133i64, 6i64, -28i64], [-9i64, 161i64, -53i64], [-84i64, 106i64, -135i64]] }
-- "1x1 ^13" input { [[-2i64]] 13 } output { [[-8192i64]] }
-- "empty" input { empty([0][0]i64) 3 } output { empty([0][0]i64) }

def dotprod [k] (xs: [k]f64) (ys: [k]f64) : f64 =
  reduce (+) 0.0 (map2 (*) xs ys)

-- Direct formulation: every output element is a reduction over an index range.
def matmul_direct [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  map (\(row: [m]f64) ->
         map (\j -> reduce (+) 0.0 (map (\k -> row[k] * b[k, j]) (iota m)))
             (iota p))
      a

-- Transpose the right operand so that every dot product reads two rows.
def matmul_trans [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  let bt = transpose b
  in map (\arow -> map (dotprod arow) bt) a

entry main [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  matmul_direct a b

entry matmul_t [n][m][p] (a: [n][m]f64) (b: [m][p]f64) : [n][p]f64 =
  matmul_trans a b

-- Integer matrix power by repeated squaring, exercising the same kernel shape.
def imatmul [n] (a: [n][n]i64) (b: [n][n]i64) : [n][n]i64 =
  map (\arow -> map (\bcol -> i64.sum (map2 (*) arow bcol)) (transpose b)) a

entry matpow [n] (a: [n][n]i64) (e: i32) : [n][n]i64 =
  let ident = tabulate_2d n n (\i j -> if i == j then 1i64 else 0i64)
  let (res, _, _) =
    loop (acc, base, k) = (ident, copy a, e) while k > 0 do
      let acc' = if k % 2 == 1 then imatmul acc base else acc
      in (acc', imatmul base base, k / 2)
  in res
