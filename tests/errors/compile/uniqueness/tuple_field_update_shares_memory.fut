-- A tuple's components are fields too (`r.0`): updating one in place while the other
-- is the same array.
-- ==
-- error: Updating field `0` of `r` in place consumes `u`, but field `1` shares memory

def main (u: *[3]i32) =
  let r = (u, u)
  let r.0[0] = 1
  in r.1
