-- Loop parameters that swap places may be updated in place when both are consumed:
-- by updates in the body, by a `*` on the one the body only reads, or because what
-- the body returns for a consumed one is the other (Futhark's convergeLoopParam).
-- ==
-- input { 3i64 } output { [23i32, 18i32, 13i32] [5i32, 6i32, 0i32] }
-- input { 0i64 } output { [1i32, 1i32, 1i32] [1i32, 1i32, 1i32] }

def both_updated (n: i64) =
  loop (xs, ys) = (replicate 3 0i32, replicate 3 1i32) for i < n do
    let xs[0] = 5
    let ys[1] = 6
    in (ys, xs)

def one_declared (n: i64) =
  loop (xs, ys: *[3]i32) = (replicate 3 0i32, replicate 3 1i32) for i < n do
    let xs[0] = xs[0] + 1 in (ys, xs)

def one_updated (n: i64) =
  let (xs, ys) = loop (xs, ys) = (replicate 3 0i32, replicate 3 1i32) for i < n do
    let xs[0] = xs[0] + 5 in (ys, xs)
  in (xs, ys[0])

def main (n: i64) =
  let (a, b) = both_updated n
  let (c, _) = one_declared n
  let (d, e) = one_updated n
  in (map2 (+) a c |> map2 (+) d |> map (+ e), b)
