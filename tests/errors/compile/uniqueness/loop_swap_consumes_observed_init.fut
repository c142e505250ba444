-- Loop parameters that swap places: `xs` is updated in place, and the body returns
-- `ys` for it, so `ys` is consumed too (the next iteration updates it), and with it
-- its initial value `a`, a parameter that is not unique (Futhark's convergeLoopParam).
-- ==
-- error: Would consume `a`, which is not consumable

def main (a: []i32) (b: *[]i32) =
  let (r, _) = loop (xs, ys) = (b, a) for i < 3 do
    let xs[0] = 1 in (ys, xs)
  in (r, a)
