-- zip4 and unzip4.
-- ==
-- input { [1] [2] [3] [4] } output { [4] [3] [2] [1] }
def main (a: []i32) (b: []i32) (c: []i32) (d: []i32) =
  let (w, x, y, z) = unzip4 (zip4 a b c d)
  in (z, y, x, w)
