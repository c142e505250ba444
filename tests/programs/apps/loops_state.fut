-- Loops with state: while loops over records and tuples with compound conditions, nested in-place for loops, for-in loops, and loops inside maps whose trip counts differ per row.
-- ==
-- entry: roots
-- "mixed" input { [4.0, 2.0, 0.25, 1000000.0, 1.0, 0.0, -4.0] 1e-12 60 } output { [2.0, 1.414213562373095, 0.5, 1000.0, 1.0, 9.094947017729282e-13, -1.4603233839292258] [6, 6, 6, 16, 1, 40, 60] }
-- "empty" input { empty([0]f64) 1e-09 10 } output { empty([0]f64) empty([0]i32) }
-- "capped" input { [2.0, 144.0] 0.001 3 } output { [1.4142156862745097, 20.554795555442038] [3, 3] }
-- "no iterations" input { [9.0] 1.0 0 } output { [9.0] [0] }
-- "twenty" input { [25.023, 253.161, 259.617, 132.602, 64.611, 10.366, 196.914, 190.114, 11.726, 119.106, 394.053, 308.798, 491.397, 430.556, 315.715, 93.246, 420.947, 210.627, 14.203, 476.12] 1e-10 100 } output { [5.0022994712432, 15.91103390732356, 16.112634793850447, 11.515294177744657, 8.038096789663584, 3.2196273076242843, 14.032604890040908, 13.78818334661967, 3.4243247509545585, 10.91356953521624, 19.850768247098145, 17.572649202667193, 22.16747617569488, 20.74984337290284, 17.76837077505982, 9.65639684354366, 20.51699295705879, 14.512994177632677, 3.768686773930675, 21.820174151459014] [7, 9, 9, 9, 8, 7, 9, 9, 7, 9, 10, 9, 10, 10, 9, 8, 10, 9, 7, 10] }
-- entry: rows
-- "mixed" input { [[3, 1, 2, -4, 5], [1, 2, 3, 4, 5], [3, 2, 1, 0, -1], [-5, 7, -5, 2, 2], [10, -1, -1, 0, 0], [5, 5, 5, 5, 5]] [6, 15, 2, -4, 5, 100] } output { [[-4, 1, 2, 3, 5], [1, 2, 3, 4, 5], [-1, 0, 1, 2, 3], [-5, -5, 2, 2, 7], [-1, -1, 0, 0, 10], [5, 5, 5, 5, 5]] [5, 0, 10, 3, 4, 0] [4, 5, 0, 1, 0, 5] [2, 15, 0, -5, 0, 25] [2, 5, 1, 2, 1, 1] [-1i64, -1i64, 4i64, 2i64, 1i64, -1i64] }
-- "no rows" input { empty([0][4]i32) empty([0]i32) } output { empty([0][4]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i64) }
-- "empty rows" input { empty([2][0]i32) [0, -1] } output { empty([2][0]i32) [0, 0] [0, 0] [0, 0] [0, 0] [-1i64, -1i64] }
-- "one" input { [[42]] [41] } output { [[42]] [0] [0] [0] [1] [-1i64] }
-- "6x8" input { [[-1, 8, -2, -3, 5, 0, -2, -4], [3, 5, 4, 9, -4, 2, -9, 2], [0, -5, -6, -4, 9, -2, -1, 1], [9, 4, 1, -9, 0, 1, -8, 9], [3, -5, -9, -2, -8, -9, 3, 6], [5, -6, -9, 3, -5, -5, -1, 8]] [24, 25, 20, 14, 20, 18] } output { [[-4, -3, -2, -2, -1, 0, 5, 8], [-9, -4, 2, 2, 3, 4, 5, 9], [-6, -5, -4, -2, -1, 0, 1, 9], [-9, -8, 0, 1, 1, 4, 9, 9], [-9, -9, -8, -5, -2, 3, 3, 6], [-9, -6, -5, -5, -1, 3, 5, 8]] [19, 19, 9, 16, 11, 10] [8, 8, 8, 8, 8, 8] [1, 12, -8, 7, -21, -10] [2, 3, 2, 1, 2, 2] [-1i64, -1i64, -1i64, -1i64, -1i64, -1i64] }
-- entry: pascal
-- "five" input { 5i64 } output { [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]] [1, 0, 0, 0, 0] }
-- "zero" input { 0i64 } output { empty([0][0]i32) empty([0]i32) }
-- "one" input { 1i64 } output { [[1]] [1] }
-- "sixteen" input { 16i64 } output { [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 3, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 4, 6, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 5, 10, 10, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 6, 15, 20, 15, 6, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], [1, 7, 21, 35, 35, 21, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0], [1, 8, 28, 56, 70, 56, 28, 8, 1, 0, 0, 0, 0, 0, 0, 0], [1, 9, 36, 84, 126, 126, 84, 36, 9, 1, 0, 0, 0, 0, 0, 0], [1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1, 0, 0, 0, 0, 0], [1, 11, 55, 165, 330, 462, 462, 330, 165, 55, 11, 1, 0, 0, 0, 0], [1, 12, 66, 220, 495, 792, 924, 792, 495, 220, 66, 12, 1, 0, 0, 0], [1, 13, 78, 286, 715, 1287, 1716, 1716, 1287, 715, 286, 78, 13, 1, 0, 0], [1, 14, 91, 364, 1001, 2002, 3003, 3432, 3003, 2002, 1001, 364, 91, 14, 1, 0], [1, 15, 105, 455, 1365, 3003, 5005, 6435, 6435, 5005, 3003, 1365, 455, 105, 15, 1]] [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }

type newton = {x: f64, prev: f64, it: i32}

-- Square roots by Newton's method from max(a, 1), each element stopping on its
-- own once two iterates differ by at most tol (or after maxit steps).
entry roots [n] (xs: [n]f64) (tol: f64) (maxit: i32) : ([n]f64, [n]i32) =
  let solve (a: f64) : (f64, i32) =
    let st : newton = {x = f64.max a 1, prev = f64.inf, it = 0}
    let st = loop st while st.it < maxit && !(f64.abs (st.x - st.prev) <= tol) do
               {x = 0.5 * (st.x + a / st.x), prev = st.x, it = st.it + 1}
    in (st.x, st.it)
  in unzip (map solve xs)

-- Per row: the row sorted by insertion (an inner while loop swapping in
-- place) and the number of swaps; how many leading elements fit under the
-- row's limit and their sum; the running maximum's number of new records (a
-- for-in loop); the index of the first negative element after the prefix
-- (-1: none).
entry rows [n][m] (a: [n][m]i32) (limits: [n]i32) : ([n][m]i32, [n]i32, [n]i32, [n]i32, [n]i32, [n]i64) =
  let sort_row (row: [m]i32) : ([m]i32, i32) =
    loop (row, swaps) = (copy row, 0) for i < m do
      let (row, _, swaps) =
        loop (row: *[m]i32, j, swaps) = (row, i, swaps)
        while j > 0 && row[j - 1] > row[j] do
          let t = row[j]
          let row[j] = row[j - 1]
          let row[j - 1] = t
          in (row, j - 1, swaps + 1)
      in (row, swaps)
  let row_info (row: [m]i32) (lim: i32) =
    let (i, s) = loop (i, s) = (0, 0) while i < m && s + row[i] <= lim do (i + 1, s + row[i])
    let (_, records) = loop (best, records) = (i32.lowest, 0) for x in row do
                         if x > best then (x, records + 1) else (best, records)
    let (k, found) = loop (k, found) = (i, false) while !found && k < m do
                       if row[k] < 0 then (k, true) else (k + 1, false)
    in (i32.i64 i, s, records, if found then k else -1)
  let (sorted, swaps) = unzip (map sort_row a)
  let (taken, sums, records, negs) = unzip4 (map2 row_info a limits)
  in (sorted, swaps, taken, sums, records, negs)

-- Pascal's triangle by nested for loops updating a matrix in place, and each
-- row's alternating sum computed by a loop over the row.
entry pascal (n: i64) : ([n][n]i32, [n]i32) =
  let t = loop t = replicate n (replicate n 0) for i < n do
            loop t for j < i + 1 do
              t with [i, j] = if j == 0 || j == i then 1 else t[i - 1, j - 1] + t[i - 1, j]
  let alt = map (\row -> loop acc = 0 for j < n do if j % 2 == 0 then acc + row[j] else acc - row[j]) t
  in (t, alt)
