-- Checker stress (inference/sizes/uniqueness): b_tuplefn.fut
-- ==
-- input { 1 2 } output { 2 1 }
def swap (a, b) = (b, a)
def main (x: i32) (y: i32) = swap (x, y)
