-- Shifts bind looser than + and tighter than &.
-- ==
-- input { 1 1 } output { 4 0 }
def main (x: i32) (y: i32) = (x << y + 1, x & y << 1)
