-- A polymorphic function with two type parameters.
-- ==
-- input { 1 2.0 } output { 2.0 1 }
def flip_pair 'a 'b (p: (a, b)) : (b, a) = (p.1, p.0)
def main (x: i32) (y: f64) = flip_pair (x, y)
