-- An entry point may not take a function.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe

entry apply_it (f: i32 -> i32) (x: i32) = f x
