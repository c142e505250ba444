-- A loop with a tuple of state variables: Fibonacci.
-- ==
-- input { 0 } output { 0 }
-- input { 1 } output { 1 }
-- input { 10 } output { 55 }
-- input { 20 } output { 6765 }
def main (n: i32) =
  let (a, _) = loop (a, b) = (0, 1) for _i < n do (b, a + b)
  in a
