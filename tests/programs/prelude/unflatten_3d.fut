-- unflatten_3d.
-- ==
-- input { [1, 2, 3, 4, 5, 6, 7, 8] } output { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] }
def main (xs: [8]i32) : [2][2][2]i32 = unflatten_3d xs
