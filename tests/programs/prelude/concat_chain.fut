-- Several ++ in a row.
-- ==
-- input { [1] [2, 3] [4] } output { [1, 2, 3, 4] }
def main (a: []i32) (b: []i32) (c: []i32) = a ++ b ++ c
