-- `let xs[i] = v` needs a unique array.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: []i32) = let xs[0] = 1 in xs
