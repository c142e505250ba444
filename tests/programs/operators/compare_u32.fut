-- Unsigned 32-bit comparison.
-- ==
-- input { 4294967295u32 0u32 } output { true false }
-- input { 1u32 2u32 } output { false true }
def main (x: u32) (y: u32) = (x > y, x < y)
