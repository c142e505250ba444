-- A type abbreviation for a record.
-- ==
-- input { 3.0 4.0 } output { 5.0 }
type vec = {x: f64, y: f64}
def norm (v: vec) = f64.sqrt (v.x * v.x + v.y * v.y)
def main (a: f64) (b: f64) = norm {x = a, y = b}
