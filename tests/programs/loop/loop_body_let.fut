-- A loop body with let bindings.
-- ==
-- input { 4 } output { 30 }
def main (n: i32) =
  loop acc = 0 for i < n do
    let j = i + 1
    let sq = j * j
    in acc + sq
