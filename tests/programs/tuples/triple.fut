-- Three-component tuples and their projections.
-- ==
-- input { 1 2 3 } output { 3 2 1 }
def main (a: i32) (b: i32) (c: i32) = let t = (a, b, c) in (t.2, t.1, t.0)
