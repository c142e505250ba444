-- A type error.
-- ==
-- error: .
def main (x: i32) : bool = x + 1
