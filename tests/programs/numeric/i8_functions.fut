-- The i8 module: max, min, abs, popc, clz.
-- ==
-- input { -3i8 5i8 } output { 5i8 -3i8 3i8 7 0 }
def main (x: i8) (y: i8) = (i8.max x y, i8.min x y, i8.abs x, i8.popc x, i8.clz x)
