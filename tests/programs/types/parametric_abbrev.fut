-- A type abbreviation with a type parameter.
-- ==
-- input { 1 2 } output { 2 1 }
type pair 'a = (a, a)
def swap (p: pair i32) : pair i32 = (p.1, p.0)
def main (x: i32) (y: i32) = swap (x, y)
