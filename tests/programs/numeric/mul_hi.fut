-- mul_hi gives the high half of the full product; mad_hi adds a third value.
-- ==
-- input { 65536 65536 } output { 1 6 }
-- input { -1 1 } output { -1 4 }
def main (x: i32) (y: i32) = (i32.mul_hi x y, i32.mad_hi x y 5)
