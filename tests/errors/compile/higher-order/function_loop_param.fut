-- A loop parameter cannot be a function.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def main (x: i32) = let g = loop f = (\(y: i32) -> y) for i < 3 do (\y -> f y + 1) in g x
