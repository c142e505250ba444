-- An entry point may not return a function.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe

entry make_adder (y: i32) : i32 -> i32 = \x -> x + y
