-- Consuming one component of a tuple bound to a name consumes the tuple as a whole.
-- ==
-- error: consumed
def main : ([]f64, []f64) =
  let arrs = (replicate 2 0.0, replicate 2 0.0)
  let (arr1, _) = arrs
  let arr1[0] = 1.0
  in arrs
