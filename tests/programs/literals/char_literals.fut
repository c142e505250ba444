-- Character literals are integers holding the code point.
-- ==
-- input {} output { 97u8 65 48i64 }
def main : (u8, i32, i64) = ('a', 'A', '0')
