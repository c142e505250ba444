-- u32 multiplication wraps modulo 2^32.
-- ==
-- input { 65536u32 65536u32 } output { 0u32 }
-- input { 4294967295u32 2u32 } output { 4294967294u32 }
def main (x: u32) (y: u32) = x * y
