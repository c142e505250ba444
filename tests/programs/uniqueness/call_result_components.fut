-- Each call's result is a value of its own: two calls give separate arrays, a
-- component may be updated when the others are no longer used, unique components
-- are separate, and a helper returning a call's whole result is still inferred
-- unique.
-- ==
-- input { 3i64 } output { [7i64, 1i64, 2i64] [0i64, 8i64, 2i64] [9i64, 1i64, 2i64] [0i64, 1i64, 5i64] 3i64 }

def twin (n: i64) : ([]i64, []i64) =
  let xs = iota n
  in (xs, xs)

def split (n: i64) : (*[]i64, *[]i64) = (iota n, iota n)

def one (n: i64) : []i64 = iota n

def fresh_one n = one n

def main (n: i64) =
  let (a, _) = twin n
  let (_, b) = twin n
  let a[0] = 7
  let b[1] = 8
  let (c, d) = split n
  let c[0] = 9
  let d[2] = 5
  let (e, f) = twin n
  let g = fresh_one n
  let g[0] = length e
  let f[0] = g[0]
  in (a, b, c, d, f[0])
