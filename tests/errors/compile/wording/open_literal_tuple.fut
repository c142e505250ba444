-- A float literal in a tuple passed for an integer component: the literal's type is
-- named and said to be a floating-point type (it printed `(?, bool)`, then `(f64, bool)`
-- for the same type in a second, repeated explanation).
-- ==
-- error: ^Cannot unify type `\(i32, bool\)` with type `\(t, bool\)`: argument 1 of `f`, where `t` is a floating-point type$

def f (x: (i32, bool)) = x.0
def main = f (1.5, true)
