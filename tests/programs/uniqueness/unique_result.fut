-- A function returning a fresh unique array.
-- ==
-- input { 3i64 } output { [7, 0, 0] }
def fresh (n: i64) : *[]i32 = replicate n 0
def main (n: i64) =
  let a = fresh n
  let a[0] = 7
  in a
