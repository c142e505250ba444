-- An exclusive prefix sum built from scan and a rotation.
-- ==
-- input { [3, 1, 4, 1] } output { [0, 3, 4, 8] }
def main [n] (xs: [n]i32) =
  let inc = scan (+) 0 xs
  in map (\i -> if i == 0 then 0 else inc[i - 1]) (iota n)
