-- Checker must reject: mutual.fut
-- ==
-- error: .
def f (n: i32) : i32 = if n == 0 then 0 else g (n - 1)
def g (n: i32) : i32 = f n
def main (x: i32) = f x
