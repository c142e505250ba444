-- Indexing a three-dimensional array.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] } output { 7 [5, 6] [[1, 2], [3, 4]] }
def main (a: [][][]i32) = (a[1, 1, 0], a[1, 0], a[0])
