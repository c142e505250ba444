-- map with a function-valued result would build an array of functions.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def main (xs: []i32) = let fs = map (\x -> \y -> x + y) xs in fs[0] 1
