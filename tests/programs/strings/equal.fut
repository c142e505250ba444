-- Comparing a string with a literal, element by element.
-- ==
-- input { [111u8, 107u8] } output { true }
-- input { [110u8, 111u8] } output { false }
def main (s: [2]u8) : bool = and (map2 (==) s "ok")
