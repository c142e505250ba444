-- Valid: integer arithmetic wraps around.
-- ==
-- input { 2147483647 100i8 } output { -2147483648 -56i8 }

def main (x: i32) (y: i8) = (x + 1, y * 2)
