-- A slice aliases its array; it cannot be used after the array is updated.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: *[]i32) =
  let s = xs[0:2]
  let xs[0] = 5
  in s[0] + xs[0]
