-- A record as loop state.
-- ==
-- input { 4 } output { 10 24 }
def main (n: i32) =
  let r = loop r = {s = 0, p = 1} for i < n do {s = r.s + i + 1, p = r.p * (i + 1)}
  in (r.s, r.p)
