-- A consuming loop parameter may not take, for the next iteration, an array bound
-- outside the loop: the update there would write it.
-- ==
-- error: Return value for consuming loop parameter `a` aliases `ys`, which is bound outside the loop

def main (xs: *[]i32) (ys: []i32) (n: i64) =
  loop a = xs for i < n do
    let a[0] = 1 in ys
