-- Checker stress (inference/sizes/uniqueness): abbrev2.fut
-- ==
-- input { 1 2 } output { 2 1 }
type pair 'a 'b = (a, b)
def swap 'a 'b (p: pair a b) : pair b a = (p.1, p.0)
def main (x: i32) (y: i32) = swap (x, y)
