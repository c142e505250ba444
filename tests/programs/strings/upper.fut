-- Upper-case ASCII letters.
-- ==
-- input { [104u8, 105u8, 33u8] } output { [72u8, 73u8, 33u8] }
def main (s: []u8) : []u8 =
  map (\c -> if c >= 'a' && c <= 'z' then c - 32 else c) s
