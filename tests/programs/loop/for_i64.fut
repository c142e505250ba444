-- A for loop over an i64 bound.
-- ==
-- input { 5i64 } output { 120i64 }
-- input { 0i64 } output { 1i64 }
def main (n: i64) = loop acc = 1 for i < n do acc * (i + 1)
