-- Coercing to a size that is a module's constant, named through an alias and after
-- `open` (the interpreter looked the written name up, found nothing and let it pass).
-- ==
-- input { [1, 2, 3] } output { [1, 2, 3] [1, 2, 3] }
-- input { [1, 2] } error: cannot match shape of type `\[M.n\]i32`

module M = { def n : i64 = 3 }
module N = M
open M
def main (xs: []i32) = (xs :> [N.n]i32, xs :> [n]i32)
