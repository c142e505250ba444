-- A non-unique parameter passed where a unique one is consumed.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def zero_first (a: *[]i32) = a with [0] = 0

def main (xs: []i32) = zero_first xs
