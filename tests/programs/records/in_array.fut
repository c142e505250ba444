-- Mapping over an array of records.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] [1, 4, 9] }
def main (xs: []i32) =
  let rs = map (\x -> {dbl = x * 2, sq = x * x}) xs
  in (map (.dbl) rs, map (.sq) rs)
