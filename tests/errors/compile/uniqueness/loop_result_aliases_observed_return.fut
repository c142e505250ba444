-- The body returns `ys` for the observed parameter `a`, and the next iteration
-- passes `a` on as `b`, so after two iterations `b` may be `ys`: updating it
-- consumes the non-unique parameter `ys`.  Futhark: "Consuming "ys", which is
-- not consumable".
-- ==
-- error: consume `ys`, which is not consumable

def main (xs: []i32) (ys: []i32) =
  let (_, b) = loop (a, b) = (copy xs, copy xs) for _i < 2 do (ys, a)
  let b[0] = 1
  in (b, ys)
