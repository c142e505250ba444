-- A later binding shadows an earlier one of the same name.
-- ==
-- input { 1 } output { 4 }
def main (x: i32) =
  let x = x + 1
  let x = x * 2
  in x
