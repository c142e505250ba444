-- A lambda whose result holds a float literal, passed for a function to integers: the
-- literal's type inside the function type is named, not `?`.
-- ==
-- error: ^Cannot unify type `i32 -> i32` with type `i32 -> \(i32, t\)`: argument 1 of `apply`, where `t` is a floating-point type$

def apply (h: i32 -> i32) (x: i32) = h x
def main (x: i32) = apply (\y -> (y, 2.5)) x
