-- A while loop: Collatz steps.
-- ==
-- input { 6 } output { 8 }
-- input { 1 } output { 0 }
-- input { 27 } output { 111 }
def main (n: i32) =
  let (_, steps) =
    loop (x, s) = (n, 0) while x != 1 do
      if x % 2 == 0 then (x / 2, s + 1) else (3 * x + 1, s + 1)
  in steps
