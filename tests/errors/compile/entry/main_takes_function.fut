-- main is an entry point, so it may not take a function.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe

def main (f: i32 -> i32) = f 1
