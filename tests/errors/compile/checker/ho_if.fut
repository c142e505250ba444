-- Checker must reject: ho_if.fut
-- ==
-- error: .
def main (b: bool) (x: i32) = let f = if b then (\y -> y + 1) else (\y -> y) in f x
