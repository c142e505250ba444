-- Arithmetic and logical shifts on i32.
-- ==
-- input { -16 } output { -4 15 -64 }
-- input { 16 } output { 4 0 64 }
def main (x: i32) = (x >> 2, x >>> 28, x << 2)
