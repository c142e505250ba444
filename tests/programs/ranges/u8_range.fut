-- Ranges of an unsigned type.
-- ==
-- input { 3u8 } output { [0u8, 1u8, 2u8] }
def main (n: u8) = 0..<n
