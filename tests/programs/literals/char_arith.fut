-- Character arithmetic: turn a digit character into its value.
-- ==
-- input { 55u8 } output { 7u8 }
-- input { 48u8 } output { 0u8 }
def main (c: u8) : u8 = c - '0'
