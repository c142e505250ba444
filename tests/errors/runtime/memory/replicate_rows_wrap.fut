-- Rows whose element count, times the outer size, wraps around 2^64 to zero: out of memory,
-- not an empty allocation written past its end (which crashed).
-- ==
-- input { 2i64 3i64 } output { [[1u8, 1u8, 1u8], [1u8, 1u8, 1u8]] }
-- input { 4398046511104i64 4194304i64 } error: out of memory allocating more than 4611686018427387904 bytes
-- input { 1099511627776i64 4194304i64 } error: out of memory allocating 4611686018427387904 bytes

def main (n: i64) (m: i64) = replicate n (replicate m 1u8)
