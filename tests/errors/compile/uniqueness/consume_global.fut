-- A top-level constant is not consumable.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after

def table = [1, 2, 3]

def main (i: i64) = table with [i] = 0
