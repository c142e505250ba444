-- `row` is an element of `rows`, so it aliases `rows`; the loop parameter `best` is
-- updated in place, so what the body returns for it must be fresh.  Futhark:
-- "Return value for consuming loop parameter "best" aliases "rows"."
-- ==
-- error: consuming loop parameter `best` aliases `rows`

def last_row [n] (rows: [][n]f32) : [n]f32 =
  loop best = replicate n 0 for row in rows do
    let best[0] = 1
    in row
