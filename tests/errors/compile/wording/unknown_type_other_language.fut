-- Another language's name for a type names Futhark's.
-- ==
-- error: Unknown type `int`: did you mean `i32` or `i64`\?

def main (x: int) = x + 1
