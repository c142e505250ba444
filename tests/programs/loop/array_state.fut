-- A loop whose state is an array updated in place.
-- ==
-- input { 5i64 } output { [0i64, 1i64, 4i64, 9i64, 16i64] }
def main (n: i64) =
  loop arr = replicate n 0i64 for i < n do arr with [i] = i * i
