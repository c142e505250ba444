-- The prelude's iterate applies a function n times.
-- ==
-- input { 5 } output { 32 }
-- input { 0 } output { 1 }
def main (n: i32) = iterate n (* 2) 1
