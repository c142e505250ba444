-- A type parameter called `t` is in the message: the open literal type takes another
-- name (`u`), never one the message already uses.
-- ==
-- error: ^Cannot unify type `\(t, i32\)` with type `\(t, u\)`: the body of `pair` does not match its return type, where `u` is a floating-point type$

def pair 't (x: t) : (t, i32) = (x, 1.5)
