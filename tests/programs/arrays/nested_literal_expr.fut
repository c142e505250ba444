-- Array literals built from expressions.
-- ==
-- input { 3 } output { [[3, 4], [6, 9]] }
def main (x: i32) = [[x, x + 1], [x * 2, x * x]]
