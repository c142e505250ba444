-- An inclusive range with a stride: 1..3...n.
-- ==
-- input { 9 } output { [1, 3, 5, 7, 9] }
def main (n: i32) = 1..3...n
