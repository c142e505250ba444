-- `cols` is a transpose of `grid`, so it aliases it; the inner loops consume `grid` as
-- their initial value and then read `cols` in every iteration.  Futhark: "Loop body
-- uses "cols" (or an alias), but this is consumed by the initial loop argument."
-- ==
-- error: body uses `cols`.*consumed by the loop's initial value

def mirror (n: i64) (grid: *[][]i32) : [][]i32 =
  let cols = transpose grid
  in loop grid for i < n do
       loop grid for j < n do
         grid with [i, j] = cols[i, j]
