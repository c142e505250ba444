-- hist with a negative number of bins (the interpreter's message, not replicate's).
-- ==
-- input { 3i64 [0i64, 4i64, 2i64, 2i64] } output { [1i32, 0i32, 2i32] }
-- input { 0i64 [1i64] } output { empty([0]i32) }
-- input { -2i64 [1i64, 2i64] } error: hist: negative number of bins

def main [n] (k: i64) (is: [n]i64) : []i32 = hist (+) 0 k is (replicate n 1i32)
