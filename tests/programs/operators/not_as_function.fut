-- `(!)` is the prefix operator as a function (Futhark's `map (!)`): logical negation of
-- bools, the bitwise complement of integers.
-- ==
-- input { [true, false] [0u8, 255u8] } output { [false, true] [255u8, 0u8] 3 }
def main (bs: []bool) (xs: []u8) =
  (map (!) bs, map (!) xs, length (filter (!) (bs ++ [false, false])))
