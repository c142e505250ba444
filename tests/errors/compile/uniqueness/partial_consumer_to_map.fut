-- `fill buf` is a function that consumes `buf` each time it is called; map calls it
-- once per element, so `buf` would be consumed many times.  Futhark: "Argument of
-- functional type ... contains consumption, which is not allowed."
-- ==
-- error: functional type .* consumes `buf`

def fill (dst: *[]i64) (v: i64) : []i64 = dst with [0] = v

def main (n: i64) =
  let buf = replicate n 0
  in map (fill buf) (iota n)
