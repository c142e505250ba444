-- Checker must reject: unknownfn.fut
-- ==
-- error: .
def main (x: i32) = foo x
