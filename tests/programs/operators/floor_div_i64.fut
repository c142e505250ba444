-- Floor and truncating division on i64.
-- ==
-- input { -9i64 4i64 } output { -3i64 3i64 -2i64 -1i64 }
-- input { 9i64 -4i64 } output { -3i64 -3i64 -2i64 1i64 }
-- input { 100i64 7i64 } output { 14i64 2i64 14i64 2i64 }
def main (x: i64) (y: i64) = (x / y, x % y, x // y, x %% y)
