-- Lambdas and local functions may read top-level arrays and return copies of them or
-- of their parts, and may return arrays of their own.
-- ==
-- input { [1i64, 0i64] } output { [[255u8, 255u8, 255u8], [0u8, 0u8, 0u8]] [255u8, 0u8] [0f32, 1f32] }

def palette : [][3]u8 = [[0, 0, 0], [255, 255, 255]]

def fallback : []f32 = [0, 1]

def main (is: []i64) =
  let rows = map (\i -> copy palette[i]) is
  let reds = map (\i -> palette[i, 0]) is
  let pick (n: i64) = if n > 5 then map f32.i64 (iota n) else copy fallback
  in (rows, reds, pick (length is))
