-- Escape sequences in strings.
-- ==
-- input {} output { [97u8, 10u8, 98u8, 9u8, 92u8, 34u8] }
def main : []u8 = "a\nb\t\\\""
