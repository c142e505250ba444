-- Non-ASCII characters are encoded as UTF-8.
-- ==
-- input {} output { [195u8, 169u8] 2i64 }
def main = let s = "é" in (s, length s)
