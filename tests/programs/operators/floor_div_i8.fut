-- Floor and truncating division on i8.
-- ==
-- input { -5i8 3i8 } output { -2i8 1i8 -1i8 -2i8 }
-- input { 5i8 -3i8 } output { -2i8 -1i8 -1i8 2i8 }
def main (x: i8) (y: i8) = (x / y, x % y, x // y, x %% y)
