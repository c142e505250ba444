-- A tuple parameter with a unique component consumes only that component: the other
-- one stays usable, and the result may alias it.
-- ==
-- input { [1, 2, 3] [7, 8] } output { [7, 2, 3] [7, 8] 7 }
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[0]
def pick (a: *[]i32, b: []i32) : []i32 = if length a > 10 then a else b
def main (x: *[]i32) (y: []i32) =
  let r = g (x, y)
  let p = pick (copy y, y)
  in (r, y, p[0])
