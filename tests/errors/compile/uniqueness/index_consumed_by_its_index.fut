-- `grid` is held while the index expression is evaluated, and that expression updates
-- `grid` in place.  Futhark: "Using variable "grid", but this was consumed".
-- ==
-- error: Consuming `grid`, but it is still used

def main (grid: *[]i64) = grid[let g2 = grid with [1] = 0 in g2[1]]
