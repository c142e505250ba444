-- map changing the element type.
-- ==
-- input { [1, -2, 0] } output { [true, false, false] }
def main (xs: []i32) = map (> 0) xs
