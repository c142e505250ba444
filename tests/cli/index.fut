-- Indexing out of bounds is a run-time error.
-- ==
-- input { [4, 3, 2, 1] 1i64 }
-- output { 3 }
-- input { [4, 3, 2, 1] 5i64 }
-- error: .
def main (a: []i32) (i: i64) : i32 = a[i]
