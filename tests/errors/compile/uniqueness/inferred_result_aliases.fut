-- A result type not written is not unique when the result aliases a parameter: the
-- caller's in-place update into the array its argument came from is still rejected.
-- ==
-- error: alias
def same xs = xs[0:2]
def main (xss: *[][]i32) =
  let xss[0] = same xss[0]
  in xss
