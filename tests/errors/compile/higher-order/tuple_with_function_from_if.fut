-- A tuple containing a function cannot be returned from an if either.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def main (b: bool) = let (k, f) = if b then (1, \(y: i32) -> y) else (2, \y -> y * 2) in f k
