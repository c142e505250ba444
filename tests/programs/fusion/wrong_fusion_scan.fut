-- A map over a scan of a map: only the first map may fuse into the scan.
-- ==
-- input { [1, 2, 3] } output { [4, 10, 18] }
def main (xs: []i32) = xs |> map (+ 1) |> scan (+) 0 |> map (* 2)
