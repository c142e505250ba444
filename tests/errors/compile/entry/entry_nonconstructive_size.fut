-- An entry point's size parameter must be used directly as a size.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe|[Ss]ize|[Cc]onstructive

entry halve_first [k] (xs: [k * 2]f32) = xs[0]
