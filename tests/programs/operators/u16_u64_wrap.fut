-- u16 and u64 subtraction below zero wraps to the maximum.
-- ==
-- input { 0u16 0u64 } output { 65535u16 18446744073709551615u64 }
-- input { 5u16 5u64 } output { 4u16 4u64 }
def main (x: u16) (y: u64) = (x - 1, y - 1)
