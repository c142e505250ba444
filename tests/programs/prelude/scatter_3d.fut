-- scatter_3d writes into a 3-D array.
-- ==
-- input { } output { [[[0, 0], [0, 1]], [[2, 0], [0, 0]]] }
def main = scatter_3d (replicate 2 (replicate 2 (replicate 2 0))) [(0i64, 1i64, 1i64), (1, 0, 0)] [1, 2]
