-- Checker must reject: ho_loop.fut
-- ==
-- error: .
def main (x: i32) = let f = loop f = (\y -> y) for i < 3 do (\y -> f y + 1) in f x
