-- The size of `xs` is computed by a function that consumes the parameter `ns`,
-- which is unique; still, a size expression may not consume it.  Futhark:
-- ""ns" ... not consumable".
-- ==
-- error: Consuming `ns`, which is not consumable: a size expression

def consume (xs: *[]i64) : i64 = xs[0]

def f [n] (ns: *[n]i64) (xs: [consume ns]f32) = xs[0]
