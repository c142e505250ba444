-- Integer exponentiation.
-- ==
-- input { 2 10 } output { 1024 }
-- input { 3 0 } output { 1 }
-- input { 0 0 } output { 1 }
-- input { -2 3 } output { -8 }
-- input { 2 30 } output { 1073741824 }
def main (x: i32) (y: i32) = x ** y
