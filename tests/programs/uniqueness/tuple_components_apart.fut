-- The components of a tuple bound to a name are separate arrays: consuming one leaves
-- the other usable.
-- ==
-- input { } output { [1.0, 0.0] [2.0, 0.0] }
def main : ([]f64, []f64) =
  let arrs = (replicate 2 0.0, replicate 2 0.0)
  let (arr1, arr2) = arrs
  let arr1[0] = 1.0
  let arr2[0] = 2.0
  in (arr1, arr2)
