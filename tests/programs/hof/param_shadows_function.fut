-- A parameter named like its function shadows the function in the body.
-- ==
-- input { 2 } output { 3 8 }
def g (g: i32) : i32 = g + 1
def h (h: i32 -> i32) (x: i32) = h (h x)
def main (x: i32) = (g x, h (* 2) x)
