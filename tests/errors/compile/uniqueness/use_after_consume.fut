-- xs is used after the in-place update consumed it.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: *[]i32) =
  let ys = xs with [0] = 1
  in xs[0] + ys[0]
