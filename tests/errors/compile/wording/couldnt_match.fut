-- A body whose type differs from the declared return type.  The message says it once (it
-- went on "(Couldn't match expected type `bool` with actual type `i32`)", the same types).
-- ==
-- error: ^Cannot unify type `bool` with type `i32`: the body of `main` does not match its return type$

def main (x: i32) : bool = x
