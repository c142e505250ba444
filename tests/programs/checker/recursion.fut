-- Checker stress (inference/sizes/uniqueness): recursion.fut
-- ==
-- input { 10 } output { 55 }
def fib (n: i32) : i32 = if n < 2 then n else fib (n-1) + fib (n-2)
def main n = fib n
