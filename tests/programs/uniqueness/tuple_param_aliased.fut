-- The same array as the consumed and the observed component of an untracked tuple (a
-- variable bound to (x, x)): the checker consumes nothing there, so no backend may
-- update x in place.
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[1] + 100
entry main (n: i64) =
  let x = map i32.i64 (iota n)
  let p = (x, x)
  let r = g p
  in (r, x[0], x[1])
entry two (n: i64) =
  let x = map i32.i64 (iota n)
  let r = loop a = x for i < 2 do g (copy a, a)
  in (r, x[0])
-- ==
-- entry: main
-- input { 3i64 } output { [101, 1, 2] 0 1 }
-- entry: two
-- input { 3i64 } output { [101, 1, 2] 0 }
