-- Two unique results that are the same array.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: *[]i32) : (*[]i32, *[]i32) =
  let ys = xs
  in (ys, xs)
