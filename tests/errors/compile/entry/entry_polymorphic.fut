-- An entry point may not have type parameters.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe

entry twice 't (x: t) : (t, t) = (x, x)
