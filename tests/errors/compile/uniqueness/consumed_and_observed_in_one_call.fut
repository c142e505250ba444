-- The same array passed as a consumed and as an observed argument.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def copy_second (dst: *[]i32) (src: []i32) = dst with [0] = src[1]

def main (xs: *[]i32) = copy_second xs xs
