-- Division and remainder on unsigned integers.
-- ==
-- input { 7u32 2u32 } output { 3u32 1u32 3u32 1u32 }
-- input { 4294967295u32 10u32 } output { 429496729u32 5u32 429496729u32 5u32 }
def main (x: u32) (y: u32) = (x / y, x % y, x // y, x %% y)
