-- A tuple expression may end with a trailing comma.
-- ==
-- input { 1 2 } output { 1 2 }
def main (a: i32) (b: i32) = (a, b,)
