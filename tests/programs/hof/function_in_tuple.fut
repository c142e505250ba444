-- Functions stored in a tuple and selected before use.
-- ==
-- input { 5 } output { 6 4 }
def main (x: i32) =
  let fs = ((+ 1), (\y -> y - 1))
  in (fs.0 x, fs.1 x)
