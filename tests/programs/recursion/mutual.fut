-- Recursion with tuples, recursion through a helper that calls back (is_even via
-- step), and recursive functions called in a map.
-- ==
-- input { [0i64, 1i64, 6i64, 7i64] } output { [true, false, true, false] [0i64, 1i64, 8i64, 13i64] }
def step (k: i64) (f: i64 -> bool) : bool = f (k - 1)
def is_even (n: i64) : bool = if n == 0 then true else !(step n is_even)

def fib2 (n: i64) : (i64, i64) =
  if n == 0 then (0, 1) else let (a, b) = fib2 (n - 1) in (b, a + b)

def main (xs: []i64) = (map is_even xs, map (\x -> (fib2 x).0) xs)
