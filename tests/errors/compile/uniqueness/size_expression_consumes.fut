-- The size expression in the coercion updates `ys` in place; a size expression
-- may not consume anything.  Futhark: "Consuming "ys", which is not
-- consumable".
-- ==
-- error: Consuming `ys`, which is not consumable: a size expression may not consume

def main (ys: *[]i32) =
  let zs = replicate 3 0i32 :> [let _ = ys with [0] = 1 in 3]i32
  in (zs, ys)
