-- Checker must reject: uniqretalias.fut
-- ==
-- error: .
def main (xs: *[]i32) : (*[]i32, *[]i32) = (xs, xs)
