-- A nested array of tuples of literals against a nested array of (i64, f32): the shape
-- of the literal, and the float literal's type named.
-- ==
-- error: ^Cannot unify type `\[\]\[\]\(i64, f32\)` with type `\[2\]\[1\]\(t, f32\)`: argument 1 of `total`, where `t` is a floating-point type$

def total (xss: [][](i64, f32)) = length xss
def main = total [[(1.5, 2f32)], [(3.5, 4f32)]]
