-- This test fails on purpose (expected 7, gets 6).
-- ==
-- input { 3 }
-- output { 7 }
def main (x: i32) : i32 = x * 2
