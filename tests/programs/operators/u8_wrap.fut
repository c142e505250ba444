-- u8 arithmetic wraps modulo 256.
-- ==
-- input { 250u8 10u8 } output { 4u8 240u8 196u8 }
-- input { 3u8 5u8 } output { 8u8 254u8 15u8 }
-- input { 16u8 16u8 } output { 32u8 0u8 0u8 }
def main (x: u8) (y: u8) = (x + y, x - y, x * y)
