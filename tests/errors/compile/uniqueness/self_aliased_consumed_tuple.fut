-- A consumed tuple argument whose two components are the same array.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after|[Ss]elf

def sum_firsts (p: *([]i32, []i32)) : i32 = let (a, b) = p in a[0] + b[0]

def main (xs: []i32) = let ys = copy xs in sum_firsts (ys, ys)
