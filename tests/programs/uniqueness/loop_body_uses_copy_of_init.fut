-- A loop body may read a copy of the array its initial value consumes, and the
-- parameter itself.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 3], [2, 4]] }

def main [n] (grid: *[n][n]i32) : [n][n]i32 =
  let cols = copy (transpose grid)
  in loop grid for i < n do
       loop grid for j < n do
         grid with [i, j] = cols[i, j] + grid[i, j] - grid[i, j]
