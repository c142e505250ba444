-- A type abbreviation for a tuple.
-- ==
-- input { 1.0f32 2.0f32 } output { 3.0f32 -1.0f32 }
type pair = (f32, f32)
def sum_diff (p: pair) : pair = (p.0 + p.1, p.0 - p.1)
def main (x: f32) (y: f32) = sum_diff (x, y)
