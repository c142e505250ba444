-- Shifts on i64.
-- ==
-- input { 1i64 40i64 } output { 1099511627776i64 0i64 }
-- input { -1i64 60i64 } output { -1152921504606846976i64 15i64 }
def main (x: i64) (s: i64) = (x << s, x >>> s)
