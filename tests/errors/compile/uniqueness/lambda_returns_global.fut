-- The lambda returns a row of the top-level array `palette` itself, so map's result
-- would alias a top-level array.  Futhark: "Function result aliases the free variable
-- "palette"."
-- ==
-- error: aliases the free variable `palette`.*the lambda must return a `copy`

def palette : [][3]u8 = [[0, 0, 0], [255, 255, 255]]

def main (is: []i64) = map (\i -> palette[i]) is
