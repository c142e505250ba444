-- A record of literals against a record of integers: each open field type is named and
-- described (an integer literal may be any numeric type).
-- ==
-- error: ^Cannot unify type `\{h: i32, w: i32\}` with type `\{h: t, w: u\}`: argument 1 of `area`, where `t` is a floating-point type and `u` is a numeric type$

def area (r: {w: i32, h: i32}) = r.w * r.h
def main = area {w = 2, h = 1.5}
