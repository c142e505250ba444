-- A function whose element type is left to inference, calling a prelude function whose
-- type parameter has the name inference gave it (`t`): the cpu compiler bound `'t` to
-- `t` and resolved it for ever (a crash).
-- ==
-- entry: main
-- input { [1, 2] } output { [1, 2] }
-- entry: twice
-- input { [3, 4] } output { [3, 4, 3, 4] }
def f k xs = sized k xs
def s [n] 't (xs: [n]t) : [n]t = (xs ++ []) :> [n]t
def ds xs = s xs
entry main (xs: []i32) = f 2 xs
entry twice (xs: []i32) = ds (xs ++ xs)
