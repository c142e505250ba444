-- Checker must reject: arraydims.fut
-- ==
-- error: .
def main (xs: [][]i32) : []i32 = xs
