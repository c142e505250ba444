-- What the body returns for a consuming parameter may not alias what it returned for
-- an earlier one, even a row of it (Futhark's tests/loops/loop-error0.fut).
-- ==
-- error: Return value for consuming loop parameter `arr` aliases previously returned value

def main (n: i64) =
  loop (acc, arr) = (copy [1.0], copy [[2.0]]) for i < n do
    let arr[0] = [3.0] in (arr[0], arr)
