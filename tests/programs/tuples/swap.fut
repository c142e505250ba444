-- Swapping components with a polymorphic function.
-- ==
-- input { 1 true } output { true 1 }
def swap 'a 'b (x: a, y: b) : (b, a) = (y, x)
def main (x: i32) (b: bool) = swap (x, b)
