-- A constructor's payload that holds the sum type itself, through a function: `x` is
-- `#foo a | ...` and `a` takes `f`, whose parameter is `x`'s type.  An infinite type,
-- which the checker's occurs check follows through the open sum's constraint (it once
-- built the cyclic type and overflowed the stack; found by scripts/fuzz.sh).
-- ==
-- error: occurs check: infinite type

def f x = match x case #foo a -> a f #bar
