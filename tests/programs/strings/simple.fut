-- A string literal is an array of UTF-8 bytes.
-- ==
-- input {} output { [97u8, 98u8, 99u8] }
def main : []u8 = "abc"
