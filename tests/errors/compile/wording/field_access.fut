-- Accessing a field of a number.
-- ==
-- error: Attempt to access field

def main (x: i32) = x.foo
