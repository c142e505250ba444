-- Checker must reject: ho_array.fut
-- ==
-- error: .
def main (x: i32) = let fs = [(\y -> y + 1), (\y -> y)] in fs[0] x
