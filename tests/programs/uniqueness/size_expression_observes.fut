-- Size expressions may read arrays, and consume what they bind themselves.
-- ==
-- input { [2i64, 5i64] [1f32, 2f32] } output { 1f32 3i64 }

def first (xs: []i64) : i64 = xs[0]

def f [n] (ns: *[n]i64) (xs: [first ns]f32) = xs[0]

def main [n] (ns: *[n]i64) (xs: []f32) =
  let ys = replicate 3 0i64 :> [let zs = copy ns in let zs[0] = 3 in zs[0]]i64
  in (f ns (xs :> [first ns]f32), length ys)
