-- A loop parameter declared unique may be updated in place; one declared non-unique
-- may be read and replaced by a new array.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 4i64] [3i64, 4i64, 5i64] }

def main (n: i64) =
  let sq = loop (acc: *[]i64) = replicate n 0 for i < n do acc with [i] = i * i
  let sh = loop (acc: []i64) = iota n for _i < n do map (+ 1) acc
  in (sq, sh)
