-- A let-bound name is not visible outside its body.
-- ==
-- input { 10 } output { 21 }
def main (x: i32) =
  let a = (let x = 1 in x + 10)
  in a + x
