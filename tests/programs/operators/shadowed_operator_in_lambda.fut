-- A user definition of a built-in operator is used inside a lambda given to a SOAC, as
-- everywhere (the interpreter's fast path for scalar lambdas used the built-in), also
-- for an operator parameter and its section.
-- ==
-- input { [1, 7, 2] } output { [5, 35, 10] 7 [2, 14, 4] }
def (+) (a: i32) (b: i32) = a * b
def biggest (le: i32 -> i32 -> bool) (xs: []i32) =
  let (<=) = le in reduce (\a b -> if a <= b then b else a) i32.lowest xs
entry main (a: []i32) = (map (\x -> x + 5) a, biggest (i32.<=) a, map (+ 2) a)
