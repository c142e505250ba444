-- Run-time errors match as "Error: <message>", as in futhark-test.rst's own example.
-- ==
-- input { [4,3,2,1] 1i64 }
-- output { 3 }
-- input { [4,3,2,1] 5i64 }
-- error: Error*
def main (a: []i32) (i: i64): i32 = a[i]
