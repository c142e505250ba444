-- assert fails on a later loop iteration.
-- ==
-- input { 3 } output { 8 }
-- input { 10 } error: [Aa]ssert

def main (n: i32) = loop acc = 1 for i < n do assert (acc < 100) (acc * 2)
