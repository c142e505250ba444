-- The same array consumed by two calls.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def zero_first (a: *[]i32) = a with [0] = 0

def main (xs: *[]i32) = (zero_first xs, zero_first xs)
