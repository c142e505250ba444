-- A for loop summing the numbers below n.
-- ==
-- input { 10 } output { 45 }
-- input { 0 } output { 0 }
-- input { 1 } output { 0 }
def main (n: i32) = loop acc = 0 for i < n do acc + i
