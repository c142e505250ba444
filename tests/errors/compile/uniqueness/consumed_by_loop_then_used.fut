-- The loop consumes its initial value xs; xs is used afterwards.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: *[]i32) (n: i64) =
  let r = loop acc = xs for i < n do acc with [i] = 0
  in r[0] + xs[0]
