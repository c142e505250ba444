-- map2 over two filter results coerced to one size that one of them does not have.
-- ==
-- input { 2i64 [1,-1,2,-3] } output { [0,-1] }
-- input { 2i64 [1,2,-1] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def main (n: i64) (xs: []i32) =
  let pos = filter (> 0) xs
  let neg = filter (< 0) xs
  in map2 (+) (pos :> [n]i32) (neg :> [n]i32)
