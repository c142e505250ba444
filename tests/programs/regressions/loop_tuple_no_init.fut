-- `loop (a, b) for ...` without `= init` takes the initial values from the
-- equally named variables (also for record patterns).
-- ==
-- input { 4 } output { 2 5 }
def main (n: i32) =
  let i = 0
  let r = {k = 1}
  let (i, _) = loop (i, n) while n > 1 do (i + 1, n / 2)
  let r = loop {k = (k: i32)} = r for _j < n do {k = k + 1}
  let k = r.k
  let {k} = loop {k} for _j < 0 do {k}
  in (i, k)
