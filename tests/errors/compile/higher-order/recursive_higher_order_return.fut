-- A recursive function may not have a higher-order return type.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder|[Rr]ecurs

def build (n: i32) : i32 -> i32 =
  let g = build (n - 1)
  in \x -> g x + n

def main (n: i32) = build n 0
