-- Record field punning uses a variable of the same name.
-- ==
-- input { 4 5 } output { 9 }
def main (x: i32) (y: i32) =
  let r = {x, y}
  in r.x + r.y
