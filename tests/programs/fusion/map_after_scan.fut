-- A map over a scan's results: the scan must finish first (no fusion of that edge).
-- ==
-- input { [1, 2, 3, 4] } output { [2, 6, 12, 20] 10 }
def main (xs: []i32) =
  let ps = scan (+) 0 xs
  in (map (* 2) ps, reduce i32.max 0 ps)
