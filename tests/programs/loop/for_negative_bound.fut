-- A for loop with a negative bound runs zero times.
-- ==
-- input { -3 } output { 7 }
def main (n: i32) = loop acc = 7 for i < n do acc + i
