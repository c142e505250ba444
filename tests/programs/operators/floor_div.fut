-- Signed / and % round towards negative infinity; // and %% towards zero.
-- ==
-- input { 7 2 } output { 3 1 3 1 }
-- input { -7 2 } output { -4 1 -3 -1 }
-- input { 7 -2 } output { -4 -1 -3 1 }
-- input { -7 -2 } output { 3 -1 3 -1 }
-- input { 6 3 } output { 2 0 2 0 }
-- input { -6 3 } output { -2 0 -2 0 }
-- input { 0 5 } output { 0 0 0 0 }
def main (x: i32) (y: i32) = (x / y, x % y, x // y, x %% y)
