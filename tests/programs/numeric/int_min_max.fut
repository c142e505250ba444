-- i32.max, i32.min, i32.abs, i32.sgn and i32.neg.
-- ==
-- input { -5 3 } output { 3 -5 5 -1 5 }
-- input { 0 0 } output { 0 0 0 0 0 }
-- input { 7 -7 } output { 7 -7 7 1 -7 }
def main (x: i32) (y: i32) = (i32.max x y, i32.min x y, i32.abs x, i32.sgn x, i32.neg x)
