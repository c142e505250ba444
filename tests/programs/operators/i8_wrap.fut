-- i8 arithmetic wraps around.
-- ==
-- input { 127i8 1i8 } output { -128i8 126i8 127i8 }
-- input { -128i8 1i8 } output { -127i8 127i8 -128i8 }
-- input { 100i8 3i8 } output { 103i8 97i8 44i8 }
def main (x: i8) (y: i8) = (x + y, x - y, x * y)
