-- main may not be polymorphic.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe

def main 'a (x: a) = x
