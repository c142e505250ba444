-- Gaussian elimination with partial pivoting and back substitution for A x = b.
-- ==
-- entry: main
-- "3x3 zero leading pivot" input { [[0.0, 2.0, 1.0], [1.0, -2.0, -3.0], [-1.0, 1.0, 2.0]] [-8.0, 0.0, 3.0] } output { [-4.0, -5.0, 2.0] }
-- "1x1" input { [[-4.0]] [10.0] } output { [-2.5] }
-- "identity" input { [[1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]] [1.5, -2.0, 0.0, 3.25, -7.0] } output { [1.5, -2.0, 0.0, 3.25, -7.0] }
-- "8x8 random" input { [[3.73, -3.53, -0.73, -2.65, -2.08, 2.24, -2.37, 0.42], [-1.06, 0.06, -1.33, -1.74, -1.75, -3.32, -0.15, 3.07], [3.58, -3.78, 3.34, -3.03, 1.98, 3.17, -2.66, -1.35], [-0.97, -1.23, 0.13, -3.93, -0.62, 3.02, -3.3, -0.13], [-0.15, 2.26, 3.72, 1.66, -1.81, 1.36, -1.22, 2.15], [1.41, 3.82, 2.93, -3.63, -1.68, 2.9, 0.81, -1.25], [-3.56, 2.1, -3.99, -3.26, 3.95, 2.21, 2.95, -0.18], [-2.65, 0.27, -0.59, -2.7, -2.67, -1.93, 3.54, 3.89]] [1.63, 1.79, 1.86, 0.14, -2.58, 3.02, 3.04, 1.68] } output { [0.6459301173761752, 0.3044702847728976, -0.18069895841514774, -0.8153266868554906, 0.3445261803207168, -0.334138589611115, 0.24336947134081827, 0.10667940594955941] }
-- "empty" input { empty([0][0]f64) empty([0]f64) } output { empty([0]f64) }
-- entry: det
-- "3x3 zero leading pivot det" input { [[0.0, 2.0, 1.0], [1.0, -2.0, -3.0], [-1.0, 1.0, 2.0]] } output { 1.0 }
-- "1x1 det" input { [[-4.0]] } output { -4.0 }
-- "identity det" input { [[1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]] } output { 1.0 }
-- "8x8 random det" input { [[3.73, -3.53, -0.73, -2.65, -2.08, 2.24, -2.37, 0.42], [-1.06, 0.06, -1.33, -1.74, -1.75, -3.32, -0.15, 3.07], [3.58, -3.78, 3.34, -3.03, 1.98, 3.17, -2.66, -1.35], [-0.97, -1.23, 0.13, -3.93, -0.62, 3.02, -3.3, -0.13], [-0.15, 2.26, 3.72, 1.66, -1.81, 1.36, -1.22, 2.15], [1.41, 3.82, 2.93, -3.63, -1.68, 2.9, 0.81, -1.25], [-3.56, 2.1, -3.99, -3.26, 3.95, 2.21, 2.95, -0.18], [-2.65, 0.27, -0.59, -2.7, -2.67, -1.93, 3.54, 3.89]] } output { -431888.9970543716 }
-- "singular det" input { [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]] } output { 0.0 }
-- "empty det" input { empty([0][0]f64) } output { 1.0 }

type pivot = {row: i64, mag: f64}

-- Largest |col[i]| for i >= k; ties go to the smaller row index.
def find_pivot [n] (k: i64) (col: [n]f64) : i64 =
  let better (p: pivot) (q: pivot) : pivot =
    if p.mag > q.mag || (p.mag == q.mag && p.row < q.row) then p else q
  let cands = map2 (\i x -> if i >= k then {row = i, mag = f64.abs x}
                            else {row = i64.highest, mag = -f64.inf})
                   (iota n) col
  in (reduce better {row = i64.highest, mag = -f64.inf} cands).row

def swap_rows [n][m] (a: *[n][m]f64) (i: i64) (j: i64) : *[n][m]f64 =
  if i == j then a
  else let ri = copy a[i]
       let rj = copy a[j]
       let a[i] = rj
       let a[j] = ri
       in a

-- Forward elimination on the augmented matrix [A | b]; also returns the
-- number of row swaps (for the determinant's sign).
def eliminate [n][m] (aug0: [n][m]f64) : ([n][m]f64, i32) =
  loop (aug, swaps) = (copy aug0, 0) for k < n do
    let p = find_pivot k aug[:, k]
    let aug = swap_rows aug k p
    let swaps = if p != k then swaps + 1 else swaps
    let prow = copy aug[k]
    let piv = prow[k]
    let aug = map2 (\i row ->
                      if i <= k then row
                      else let f = row[k] / piv
                           in map2 (\x y -> x - f * y) row prow)
                   (iota n) aug
    in (aug, swaps)

def back_subst [n] (u: [n][n]f64) (c: [n]f64) : [n]f64 =
  loop x = replicate n 0.0 for t < n do
    let i = n - 1 - t
    let s = f64.sum (map2 (\j xj -> if j > i then u[i, j] * xj else 0.0) (iota n) x)
    in x with [i] = (c[i] - s) / u[i, i]

def augment [n] (a: [n][n]f64) (b: [n]f64) : [n][n + 1]f64 =
  map2 (\row bi -> row ++ [bi] :> [n + 1]f64) a b

entry main [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 =
  let (aug, _) = eliminate (augment a b)
  let u = map (\row -> row[:n] :> [n]f64) aug
  let c = map (\row -> row[n]) aug
  in back_subst u c

-- Determinant from the same elimination: product of pivots times (-1)^swaps.
entry det [n] (a: [n][n]f64) : f64 =
  let (u, swaps) = eliminate a
  let d = f64.product (map (\i -> u[i, i]) (iota n))
  in if swaps % 2 == 1 then -d else d
