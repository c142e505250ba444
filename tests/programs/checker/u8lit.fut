-- Checker stress (inference/sizes/uniqueness): u8lit.fut
-- ==
-- input { [1u8, 2u8] } output { [2u8, 3u8] }
def main (xs: []u8) = map (+1) xs
