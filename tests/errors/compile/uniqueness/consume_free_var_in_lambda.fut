-- A lambda given to map may not consume a free variable.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main [n] (xs: *[n]i32) =
  map (\i -> let ys = xs with [i] = 0 in ys[i]) (iota n)
