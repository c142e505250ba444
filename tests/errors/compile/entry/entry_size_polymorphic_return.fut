-- The caller of an entry point cannot choose the size k of its result.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe|[Ss]ize|[Aa]mbiguous

entry nothing [k] : [0][k]bool = []
