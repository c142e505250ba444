-- An array larger than memory is an error at its expression (the entry point on compiled
-- backends), with the bytes asked for; past 2^62 bytes too (the byte count wrapped
-- around once, allocating a few bytes for a huge array, which then crashed).
-- ==
-- input { 3i64 } output { [1i64, 2i64, 3i64] }
-- input { 100000000000000i64 } error: out of (GPU )?memory
-- input { 2305843009213693952i64 } error: out of memory allocating more than 4611686018427387904 bytes
-- input { 4611686018427387904i64 } error: out of memory allocating more than 4611686018427387904 bytes

def main (n: i64) = map (+1) (iota n)
