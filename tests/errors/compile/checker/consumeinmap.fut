-- Checker must reject: consumeinmap.fut
-- ==
-- error: .
def main (xs: *[]i32) = map (\i -> xs with [i] = 0) (iota 3)
