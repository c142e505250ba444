-- flatten_3d joins all three dimensions.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { [1, 2, 3, 4, 5, 6, 7, 8] }
def main (a: [][][]i32) = flatten_3d a
