-- Checker must reject: consumeloopfree.fut
-- ==
-- error: .
def main (n: i64) = let xs = replicate n 0i32 in loop acc = 0 for i < n do let ys = xs with [i] = 1 in acc + ys[0]
