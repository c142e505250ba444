-- (-x) is negation, not a section; (x-) is a section.
-- ==
-- input { 4 } output { -4 6 }
def main (x: i32) = ((-x), (10 -) x)
