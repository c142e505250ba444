-- Shifts on i8: arithmetic >> keeps the sign, >>> does not.
-- ==
-- input { -128i8 } output { -64i8 64i8 0i8 }
-- input { 1i8 } output { 0i8 0i8 2i8 }
def main (x: i8) = (x >> 1, x >>> 1, x << 1)
