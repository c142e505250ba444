-- Concatenating strings with ++.
-- ==
-- input {} output { [102u8, 111u8, 111u8, 98u8, 97u8, 114u8] }
def main : []u8 = "foo" ++ "bar"
