-- replicate of a function would build an array of functions.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def main (x: i32) = let fs = replicate 3 (\y -> y + x) in fs[0] 1
