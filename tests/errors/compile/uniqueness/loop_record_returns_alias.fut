-- A loop's unique parameters in a record pattern may not be returned as the same
-- array (Futhark: "aliases another returned value").
-- ==
-- error: Return value for loop parameter `ys` aliases other consumed loop parameter

def main (n: i64) =
  loop {xs = xs: *[]i32, ys = ys: *[]i32} = {xs = replicate n 0, ys = replicate n 0}
  for i < 10 do
    {xs = xs, ys = xs}
