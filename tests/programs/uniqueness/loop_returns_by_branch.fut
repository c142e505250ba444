-- What a loop body returns is seen component by component through an if and a match:
-- one branch updating `taken` and the other returning it unchanged alias nothing else,
-- so the loop's consuming parameters are fine (Futhark's rules for loop returns).
-- ==
-- input { 5i64 } output { [0i64, 1i64, 2i64, 3i64, 4i64] [true, true, true, true, true] 5i64 }
-- input { 0i64 } output { empty([0]i64) empty([0]bool) 0i64 }

def main (n: i64) =
  loop (order: *[n]i64, taken: *[n]bool, k) = (replicate n 0, replicate n false, 0)
  while k < n do
    match k % 2
    case 0 -> let order[k] = k let taken[k] = true in (order, taken, k + 1)
    case _ -> if k < n then (order with [k] = k, taken with [k] = true, k + 1)
              else (order, taken, k + 1)
