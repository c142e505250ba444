-- A segmented sum using scan over (flag, value) pairs.
-- ==
-- input { [true, false, true, false, false] [1, 2, 3, 4, 5] } output { [1, 3, 3, 7, 12] }
def main (flags: []bool) (vs: []i32) =
  let op (f1: bool, v1: i32) (f2: bool, v2: i32) = (f1 || f2, if f2 then v2 else v1 + v2)
  in (unzip (scan op (false, 0) (zip flags vs))).1
