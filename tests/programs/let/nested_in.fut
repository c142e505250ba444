-- Let expressions nested inside other expressions.
-- ==
-- input { 2 } output { 12 }
def main (x: i32) = (let y = x + 1 in y) * (let z = x + 2 in z)
