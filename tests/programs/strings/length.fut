-- Length of a string in bytes.
-- ==
-- input {} output { 11i64 }
def main = length "hello world"
