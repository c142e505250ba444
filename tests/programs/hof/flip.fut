-- The prelude's flip.
-- ==
-- input { 10 3 } output { -7 }
def main (x: i32) (y: i32) = flip (-) x y
