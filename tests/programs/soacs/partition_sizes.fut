-- The sizes of partition's two results add up to the input size.
-- ==
-- input { [1, 2, 3, 4, 5, 6, 7] } output { 7i64 }
def main (xs: []i32) = let (a, b) = partition (> 3) xs in length a + length b
