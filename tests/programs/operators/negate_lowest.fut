-- Negating the lowest signed value gives itself.
-- ==
-- input { -128i8 -2147483648 } output { -128i8 -2147483648 }
-- input { 5i8 -5 } output { -5i8 5 }
def main (x: i8) (y: i32) = (-x, -y)
