-- A `local` definition shadowed by a later one of the same name (a program may define
-- a name once, but `local` ones are not counted, as in Futhark): what came before keeps
-- the first, whatever the new one's type (g saw the later `x`, h called the
-- f64 `f` with an i32: a wrong result on interp, a compiler limitation on cpu); a
-- shadowing recursive function calls itself.
-- ==
-- input { 10 } output { 11 13 22.0 120 2432902008176640000i64 }
-- input { 0 } output { 1 3 2.0 120 2432902008176640000i64 }
local def f (x: i32) = x + 1
def h (y: i32) = f y
local def x = 1i32
def g (y: i32) = y + x
def x = 2i32
def f (x: f64) = x * 2
local def fact (n: i32) : i32 = if n <= 1 then 1 else n * fact (n - 1)
def uses = fact 5
def fact (n: i64) : i64 = if n <= 1 then 1 else n * fact (n - 1)
entry main (a: i32) = (h a, g a + x, f (f64.i32 (a + 1)), uses, fact 20)
