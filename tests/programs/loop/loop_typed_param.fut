-- A loop parameter with a type ascription.
-- ==
-- input { 3 } output { 8u8 }
def main (n: i32) = loop (x: u8) = 1 for _i < n do x * 2
