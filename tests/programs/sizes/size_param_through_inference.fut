-- A size parameter may be a parameter's size through inference rather than written
-- there: `xs: []f64` is zipped with `iota n`, so xs has size n (Futhark checks size
-- parameters after the body, as Loom now does).
-- ==
-- input { [3.0, 1.0, 2.0, 1.0] } output { 1.0 1i64 }
-- input { empty([0]f64) } output { f64.inf 0i64 }

def argmin [n] (xs: []f64) : (f64, i64) =
  reduce_comm (\(vx, ix) (vy, iy) ->
                 if vx < vy || (vx == vy && ix < iy) then (vx, ix) else (vy, iy))
              (f64.inf, n)
              (zip xs (iota n))

def main (xs: []f64) = argmin xs
