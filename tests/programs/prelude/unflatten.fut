-- unflatten splits an array into rows.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }
def main (xs: [6]i32) : [3][2]i32 = unflatten xs
