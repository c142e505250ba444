-- A function cannot be returned from an if.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def main (b: bool) (x: i32) = let f = if b then (\y -> y + 1) else (\y -> y - 1) in f x
