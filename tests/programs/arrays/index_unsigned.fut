-- Indexing with an i32 converted to i64.
-- ==
-- input { [5, 6, 7] 2 } output { 7 }
def main (xs: []i32) (i: i32) = xs[i64.i32 i]
