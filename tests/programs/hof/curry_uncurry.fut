-- The prelude's curry and uncurry.
-- ==
-- input { 2 5 } output { 7 10 }
def add_pair (p: (i32, i32)) = p.0 + p.1
def main (x: i32) (y: i32) = (curry add_pair x y, uncurry (*) (x, y))
