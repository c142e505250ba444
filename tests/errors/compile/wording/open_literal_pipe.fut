-- zip of integers and float literals piped into a map over integer pairs: the literal
-- element type and the map's open result are named (`[2](i32, ?) -> ?` before).
-- ==
-- error: ^Cannot unify type `\[2\]\(i32, t\) -> u` with type `\[\]\(i32, i32\) -> \*\[\]i32`: argument 2 of `\|>`, where `t` is a floating-point type and `u` is any type$

def main (xs: []i32) = zip xs [1.0, 2.0] |> map (\(a, b) -> a + b)
