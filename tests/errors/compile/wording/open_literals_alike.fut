-- Two float literals for two integers: variables with the same constraint are described
-- together.
-- ==
-- error: ^Cannot unify type `\(i32, i32\)` with type `\(t, u\)`: argument 1 of `f`, where `t` and `u` are floating-point types$

def f (p: (i32, i32)) = p.0 + p.1
def main = f (1.5, 2.5)
