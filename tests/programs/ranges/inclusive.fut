-- The inclusive range 1...n.
-- ==
-- input { 4 } output { [1, 2, 3, 4] }
-- input { 1 } output { [1] }
def main (n: i32) = 1...n
