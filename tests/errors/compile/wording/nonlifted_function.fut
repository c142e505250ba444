-- A non-lifted type parameter instantiated with a function.
-- ==
-- error: Cannot instantiate the value type variable c with the functional type

def id 'c (x: c) = x
def main (y: i32) = (id (\(x: i32) -> x)) y
