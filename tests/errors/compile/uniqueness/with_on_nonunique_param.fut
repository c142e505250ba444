-- A `with` update needs a unique (*) array.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xs: []i32) = xs with [0] = 1
