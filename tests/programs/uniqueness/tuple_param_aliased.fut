-- The same array as the consumed and the observed component of a tuple made at the
-- call: the consumed component is a copy, so x stays usable.
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[1] + 100
entry two (n: i64) =
  let x = map i32.i64 (iota n)
  let r = loop a = x for i < 2 do g (copy a, a)
  in (r, x[0])
-- ==
-- entry: two
-- input { 3i64 } output { [101, 1, 2] 0 }
