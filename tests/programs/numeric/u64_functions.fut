-- The u64 module: division and bit counts at full width.
-- ==
-- input { 18446744073709551615u64 } output { 9223372036854775807u64 64 0 1u64 }
def main (x: u64) = (x / 2, u64.popc x, u64.clz x, x %% 2)
