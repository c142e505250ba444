-- A tuple bound to a name, or a tuple parameter passed on, to a call with a unique
-- component: only that component is consumed; the observed one stays usable.
-- ==
-- input { [1, 2, 3] [7, 8] } output { [7, 2, 3] 7 }
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[0]
def h (p: (*[]i32, []i32)) = g p
def main (x: *[]i32) (y: []i32) =
  let p = (copy x, y)
  let r = g p
  let s = h (x, y)
  in (map2 (+) r (map (* 0) s), y[0])
