-- Bitwise operators on i64 and u64.
-- ==
-- input { 4294967296i64 4294967295u64 } output { 4294967296i64 0u64 18446744069414584320u64 }
def main (x: i64) (y: u64) = (x | 0i64, y & 0u64 , !y)
