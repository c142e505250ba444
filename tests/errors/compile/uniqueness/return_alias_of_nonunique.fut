-- A unique return value may not alias a non-unique parameter.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def pick (xs: []i32) (b: bool) : *[]i32 = if b then xs else copy xs

def main (xs: []i32) = pick xs true
