-- A partial application that consumes cannot be bound to a name.
-- ==
-- error: [Cc]onsum|[Uu]nique|[Aa]lias|[Uu]se after|[Uu]sed after|[Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def set_at (xs: *[]i32) (i: i64) = xs with [i] = 0

def main (xs: *[]i32) =
  let f = set_at xs
  in f 1
