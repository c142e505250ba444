-- A size parameter used only inside a parameter's size expression: Futhark infers n and
-- m from an argument whose size is that expression (`xs ++ ys : [a + b]`).
-- Loom: "Size n unused in pattern".
-- ==
-- input { [1, 2] [3, 4, 5] } output { 2i64 3i64 }
def f [n] [m] (_: [n + m]i32) = (n, m)
def main (xs: []i32) (ys: []i32) = f (xs ++ ys)
