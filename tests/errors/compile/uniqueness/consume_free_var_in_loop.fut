-- A loop body may not consume a variable from outside the loop.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: *[]i32) (n: i64) =
  loop acc = 0 for i < n do
    let ys = xs with [i] = 1
    in acc + ys[i]
