-- A `local` top-level name defined again in a program (only `local` ones may be, as in
-- Futhark): what comes before a definition keeps the earlier one (the checker names the
-- later one apart: check_decl_in in frontend/TypeCheckModule.cpp), a function as well
-- as a constant; and the prelude keeps its own definitions whatever the program defines.
local def a = 1i32
def c = a + 1
def g (x: i32) = x + a
def a = 10i32
def reduce (x: i32) = x * 1000
def map (x: i32) = x - 1
entry main (x: i32) = (g x, c, reduce x, i32.sum [x, 2, 3], map x, i32.maximum [x, 7])
-- ==
-- input { 1 } output { 2 2 1000 6 0 7 }
-- input { 9 } output { 10 2 9000 14 8 9 }
