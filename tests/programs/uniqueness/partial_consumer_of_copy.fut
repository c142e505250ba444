-- A consuming function applied inside the lambda to a fresh copy each time is fine,
-- and so is a lambda that updates an array of its own.
-- ==
-- input { 3i64 } output { [[0i64, 0i64, 0i64], [1i64, 0i64, 0i64], [2i64, 0i64, 0i64]] [1i64, 2i64, 3i64] }

def fill (dst: *[]i64) (v: i64) : []i64 = dst with [0] = v

def main (n: i64) =
  let buf = replicate n 0
  let a = map (\i -> fill (copy buf) i) (iota n)
  let b = map (\i -> let t = replicate 2 i in (t with [1] = i + 1)[1]) (iota n)
  in (a, b)
