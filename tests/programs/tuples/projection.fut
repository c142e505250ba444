-- Tuple projection with .0 and .1.
-- ==
-- input { 3 4 } output { 4 3 }
def main (x: i32) (y: i32) = let t = (x, y) in (t.1, t.0)
