-- Branches of `if` whose tuples of literals differ (one component a bool): every open
-- type on both sides is named; none shows as `?` or as its default.
-- ==
-- error: ^Cannot unify type `\(t, u\)` with type `\(bool, v\)`: the branches of `if` have different types, where `t` and `v` are numeric types and `u` is a floating-point type$

def main (b: bool) = if b then (1, 2.5) else (true, 1)
