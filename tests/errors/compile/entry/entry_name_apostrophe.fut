-- An entry point's name may not contain an apostrophe.
-- ==
-- error: [Ee]ntry|[Pp]olymorph|[Ff]unction|[Hh]igher|[Aa]postrophe|[Nn]ame|'

entry f' (x: i32) = x + 1
