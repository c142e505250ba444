-- xs is consumed in one branch and used after the if.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (b: bool) (xs: *[]i32) =
  let ys = if b then xs with [0] = 1 else copy xs
  in xs[0] + ys[0]
