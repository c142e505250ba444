-- A constant defined again from its earlier, `local`, definition (as a REPL's `let xs =
-- map (+1) xs` does): the name in its body is the earlier one.  It was taken as
-- the constant itself: "definitions nested too deeply" on cpu, and in the REPL
-- "Unknown variable" at run time.
-- ==
-- input { 2 } output { [2, 3, 4] 3 [10, 20, 30] }
local def xs = [1, 2, 3]
def xs = map (+ 1) xs
local def k = 1
def k = k + 2
def scaled = map (* 10) (map (\x -> x - 1) xs)
entry main (d: i32) = (copy xs, k, map (\x -> x * (d / 2)) scaled)
