-- A lambda parameter is not unique and cannot be updated.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def main (xss: [][]i32) = map (\r -> r with [0] = 1) xss
