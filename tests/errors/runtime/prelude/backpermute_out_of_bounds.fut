-- backpermute with an index function that reads past the array: the failure is
-- reported at the user's call of backpermute (with backpermute's own read in a note).
-- ==
-- input { [1, 2, 3] 1i64 } output { [2, 3, 1] }
-- input { [1, 2, 3] 3i64 } error: [Ii]ndex \[[34]\] out of bounds

def main [n] (xs: [n]i32) (s: i64) =
  backpermute n (\i -> if i + s < n then i + s else i + s - n + (s / 3) * 2) xs
