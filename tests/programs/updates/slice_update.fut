-- Updating a slice of an array.
-- ==
-- input { [1, 2, 3, 4, 5] } output { [1, 7, 8, 4, 5] }
def main (xs: *[]i32) =
  let xs[1:3] = [7, 8]
  in xs
