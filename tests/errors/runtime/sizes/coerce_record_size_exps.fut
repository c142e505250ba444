-- Coercing a record to sizes written as expressions: fields are checked in the order
-- of their names, on every backend.
-- ==
-- input { 4i64 } output { 3i64 5i64 }
-- input { 5i64 } error: Value of shape \[3\] cannot match shape of type `\{a: \[\(n \* 2\) - 5\]i64, b: \[n \+ 1\]i64\}`
-- input { 3i64 } error: Value of shape \[3\] cannot match

def main (n: i64) =
  let r = {b = iota 5, a = iota 3} :> {b: [n + 1]i64, a: [n * 2 - 5]i64}
  in (length r.a, length r.b)
