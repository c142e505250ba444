-- zip3 and unzip3.
-- ==
-- input { [1, 2] [3.0, 4.0] [5u8, 6u8] } output { [5u8, 6u8] [1, 2] [3.0, 4.0] }
def main (a: []i32) (b: []f64) (c: []u8) =
  let (x, y, z) = unzip3 (zip3 a b c)
  in (z, x, y)
