-- A while loop that halves an array until it is short.
-- ==
-- input { [1, 2, 3, 4, 5, 6, 7, 8] } output { [1, 2] }
def main (xs: []i32) =
  loop ys = xs while length ys > 2 do take (length ys / 2) ys
