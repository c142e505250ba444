-- A branch that consumes an array the other returns: the components are separate
-- arrays in both branches, so each may be updated in place.
-- ==
-- input { true [1f32, 1f32] [2f32, 2f32] [3f32, 3f32] } output { [7f32, 2f32] [8f32, 3f32] }
-- input { false [1f32, 1f32] [2f32, 2f32] [3f32, 3f32] } output { [7f32, 1f32] [8f32, 3f32] }

def main (swap: bool) (buf: *[]f32) (x: *[]f32) (y: *[]f32) =
  let (lo, hi) = if swap then (let _ = buf with [0] = 1 in (x, y)) else (buf, y)
  let lo[0] = 7
  let hi[0] = 8
  in (lo, hi)
