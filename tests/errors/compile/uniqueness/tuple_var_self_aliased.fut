-- A variable bound to (x, x) passed where the first component is consumed: the
-- observed component is the same array (Futhark tracks a tuple's components).
-- ==
-- error: self-aliased
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[1] + 100
entry main (n: i64) =
  let x = map i32.i64 (iota n)
  let p = (x, x)
  let r = g p
  in (r, x[0], x[1])
