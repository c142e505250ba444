-- zs aliases xs; consuming zs also consumes xs.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: *[]i32) =
  let zs = xs
  let ys = zs with [0] = 1
  in xs[1] + ys[0]
