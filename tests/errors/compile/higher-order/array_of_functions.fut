-- Arrays of functions are not permitted.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def main (x: i32) = let fs = [(\y -> y + 1), (\y -> y * 2)] in fs[0] x
