-- A closure may consume an argument that it does not capture.
-- ==
-- input { [5, 6] [7, 8] } output { 9 }

def main (acc: *[]i32) (other: []i32) : i32 =
  let bump = \(dst: *[]i32) : i32 -> let dst[0] = 1 in dst[0] + other[1]
  in bump acc
