-- A loop body may not return, for a parameter, what it returns for an earlier consuming
-- one: the next iteration would update one and read the other (Futhark's rule).
-- ==
-- error: Return value for loop parameter `b` aliases other consumed loop parameter

def main (xs: []i32) (n: i64) =
  loop (a, b) = (copy xs, copy xs) for i < n do
    let a[0] = 1 in (a, a)
