-- Valid: a suffixed literal too large for its type wraps (300u8 is 44u8).
-- ==
-- input { 0u8 } output { 44u8 }
-- input { 250u8 } output { 38u8 }

def main (x: u8) = x + 300u8
