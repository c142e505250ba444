-- A function using fields `a` and `b` of its parameter, given a record with `a` only:
-- the message names every field the function uses.
-- ==
-- error: Cannot unify a record with fields `a` and `b` with type `\{a: i32\}`

def main (x: i32) = (\r -> r.a + r.b) {a = x}
