-- Rodinia Needleman-Wunsch: alignment score matrix filled by anti-diagonals (scatter_2d) and by in-place loops.
-- ==
-- entry: main
-- "GATTACA vs GCATGCU-like"
-- input { 2i32 [2i32, 0i32, 3i32, 3i32, 0i32, 1i32, 0i32] [2i32, 1i32, 0i32, 3i32, 2i32, 1i32, 3i32] [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [[0i32, -2i32, -4i32, -6i32, -8i32, -10i32, -12i32, -14i32], [-2i32, 5i32, 3i32, 1i32, -1i32, -3i32, -5i32, -7i32], [-4i32, 3i32, 1i32, 8i32, 6i32, 4i32, 2i32, 0i32], [-6i32, 1i32, -1i32, 6i32, 13i32, 11i32, 9i32, 7i32], [-8i32, -1i32, -3i32, 4i32, 11i32, 9i32, 7i32, 14i32], [-10i32, -3i32, -5i32, 2i32, 9i32, 7i32, 5i32, 12i32], [-12i32, -5i32, 2i32, 0i32, 7i32, 5i32, 12i32, 10i32], [-14i32, -7i32, 0i32, 7i32, 5i32, 3i32, 10i32, 8i32]] }
-- "1x1 mismatch"
-- input { 3i32 [0i32] [2i32] [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [[0i32, -3i32], [-3i32, -4i32]] }
-- "empty first"
-- input { 2i32 empty([0]i32) [0i32, 1i32, 2i32] [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [[0i32, -2i32, -4i32, -6i32]] }
-- "both empty"
-- input { 5i32 empty([0]i32) empty([0]i32) [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [[0i32]] }
-- "15 vs 4 large penalty"
-- input { 10i32 [2i32, 0i32, 2i32, 0i32, 3i32, 3i32, 3i32, 2i32, 3i32, 1i32, 0i32, 2i32, 1i32, 2i32, 3i32] [3i32, 3i32, 0i32, 1i32] [[2i32, -1i32, -1i32, -3i32], [-1i32, 3i32, -2i32, -1i32], [-1i32, -2i32, 3i32, -1i32], [-3i32, -1i32, -1i32, 2i32]] }
-- output { [[0i32, -10i32, -20i32, -30i32, -40i32], [-10i32, -1i32, -11i32, -21i32, -31i32], [-20i32, -11i32, -4i32, -9i32, -19i32], [-30i32, -21i32, -12i32, -5i32, -11i32], [-40i32, -31i32, -22i32, -10i32, -6i32], [-50i32, -38i32, -29i32, -20i32, -11i32], [-60i32, -48i32, -36i32, -30i32, -21i32], [-70i32, -58i32, -46i32, -39i32, -31i32], [-80i32, -68i32, -56i32, -47i32, -41i32], [-90i32, -78i32, -66i32, -57i32, -48i32], [-100i32, -88i32, -76i32, -67i32, -54i32], [-110i32, -98i32, -86i32, -74i32, -64i32], [-120i32, -108i32, -96i32, -84i32, -74i32], [-130i32, -118i32, -106i32, -94i32, -81i32], [-140i32, -128i32, -116i32, -104i32, -91i32], [-150i32, -138i32, -126i32, -114i32, -101i32]] }
-- entry: last_row
-- "GATTACA vs GCATGCU-like last row"
-- input { 2i32 [2i32, 0i32, 3i32, 3i32, 0i32, 1i32, 0i32] [2i32, 1i32, 0i32, 3i32, 2i32, 1i32, 3i32] [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [-14i32, -7i32, 0i32, 7i32, 5i32, 3i32, 10i32, 8i32] 8i32 }
-- "1x1 mismatch last row"
-- input { 3i32 [0i32] [2i32] [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [-3i32, -4i32] -4i32 }
-- "empty first last row"
-- input { 2i32 empty([0]i32) [0i32, 1i32, 2i32] [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [0i32, -2i32, -4i32, -6i32] -6i32 }
-- "both empty last row"
-- input { 5i32 empty([0]i32) empty([0]i32) [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { [0i32] 0i32 }
-- "random 12x15 last row"
-- input { 1i32 [0i32, 0i32, 3i32, 1i32, 2i32, 2i32, 2i32, 0i32, 1i32, 0i32, 1i32, 3i32] [2i32, 0i32, 2i32, 0i32, 3i32, 3i32, 3i32, 2i32, 3i32, 1i32, 0i32, 2i32, 1i32, 2i32, 3i32] [[2i32, -1i32, -1i32, -3i32], [-1i32, 3i32, -2i32, -1i32], [-1i32, -2i32, 3i32, -1i32], [-3i32, -1i32, -1i32, 2i32]] }
-- output { [-12i32, -8i32, -5i32, -4i32, -1i32, 2i32, 2i32, 2i32, 1i32, 2i32, 3i32, 6i32, 6i32, 9i32, 9i32, 11i32] 11i32 }
-- entry: orders_agree
-- "both empty agree"
-- input { 5i32 empty([0]i32) empty([0]i32) [[5i32, -4i32, -4i32, -4i32], [-4i32, 5i32, -4i32, -4i32], [-4i32, -4i32, 5i32, -4i32], [-4i32, -4i32, -4i32, 5i32]] }
-- output { true }
-- "random 12x15 agree"
-- input { 1i32 [0i32, 0i32, 3i32, 1i32, 2i32, 2i32, 2i32, 0i32, 1i32, 0i32, 1i32, 3i32] [2i32, 0i32, 2i32, 0i32, 3i32, 3i32, 3i32, 2i32, 3i32, 1i32, 0i32, 2i32, 1i32, 2i32, 3i32] [[2i32, -1i32, -1i32, -3i32], [-1i32, 3i32, -2i32, -1i32], [-1i32, -2i32, 3i32, -1i32], [-3i32, -1i32, -1i32, 2i32]] }
-- output { true }
-- "15 vs 4 large penalty agree"
-- input { 10i32 [2i32, 0i32, 2i32, 0i32, 3i32, 3i32, 3i32, 2i32, 3i32, 1i32, 0i32, 2i32, 1i32, 2i32, 3i32] [3i32, 3i32, 0i32, 1i32] [[2i32, -1i32, -1i32, -3i32], [-1i32, 3i32, -2i32, -1i32], [-1i32, -2i32, 3i32, -1i32], [-3i32, -1i32, -1i32, 2i32]] }
-- output { true }

-- Rodinia's recurrence: the best of a (mis)match from the north-west
-- neighbour and a gap from the north or west neighbour.
def cell_score (penalty: i32) (nw: i32) (n: i32) (w: i32) (s: i32) : i32 =
  i32.max (nw + s) (i32.max (n - penalty) (w - penalty))

def init_matrix (penalty: i32) (rows: i64) (cols: i64) : *[rows][cols]i32 =
  tabulate_2d rows cols (\i j -> if i == 0 then -(i32.i64 j) * penalty
                                 else if j == 0 then -(i32.i64 i) * penalty
                                 else 0)

-- Fill the matrix one anti-diagonal at a time: all cells of a diagonal are
-- independent, so they are computed by a map and written back with scatter_2d.
def nw_wavefront [n][m][k] (penalty: i32) (a: [n]i32) (b: [m]i32)
                           (sub: [k][k]i32) : [n + 1][m + 1]i32 =
  let mat = init_matrix penalty (n + 1) (m + 1)
  in loop mat for t < i64.max 0 (n + m - 1) do
       let d = t + 2  -- diagonal d holds the cells with i + j == d
       let lo = i64.max 1 (d - m)
       let hi = i64.min n (d - 1)
       let len = i64.max 0 (hi - lo + 1)
       let idx = map (\t -> let i = lo + t in (i, d - i)) (iota len)
       let vals = map (\(i, j) ->
                         cell_score penalty mat[i - 1, j - 1] mat[i - 1, j] mat[i, j - 1]
                                    sub[i64.i32 a[i - 1], i64.i32 b[j - 1]])
                      idx
       in scatter_2d mat idx vals

-- The same recurrence filled row by row with scalar in-place updates.
def nw_sequential [n][m][k] (penalty: i32) (a: [n]i32) (b: [m]i32)
                            (sub: [k][k]i32) : [n + 1][m + 1]i32 =
  let mat = init_matrix penalty (n + 1) (m + 1)
  in loop mat for i in 1..<n + 1 do
       loop mat for j in 1..<m + 1 do
         let v = cell_score penalty mat[i - 1, j - 1] mat[i - 1, j] mat[i, j - 1]
                            sub[i64.i32 a[i - 1], i64.i32 b[j - 1]]
         in mat with [i, j] = v

def main [n][m][k] (penalty: i32) (a: [n]i32) (b: [m]i32) (sub: [k][k]i32) =
  nw_wavefront penalty a b sub

-- Last row of the sequentially filled matrix, and the global alignment score.
entry last_row [n][m][k] (penalty: i32) (a: [n]i32) (b: [m]i32) (sub: [k][k]i32) : ([m + 1]i32, i32) =
  let mat = nw_sequential penalty a b sub
  in (mat[n], mat[n, m])

-- Whether both filling orders produce the same matrix.
entry orders_agree [n][m][k] (penalty: i32) (a: [n]i32) (b: [m]i32) (sub: [k][k]i32) : bool =
  let x = flatten (nw_wavefront penalty a b sub)
  let y = flatten (nw_sequential penalty a b sub)
  in and (map2 (==) x y)
