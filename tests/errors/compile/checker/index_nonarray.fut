-- Checker must reject: index_nonarray.fut
-- ==
-- error: .
def main (x: i32) = x[0]
