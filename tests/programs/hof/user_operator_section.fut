-- Sections of a user-defined operator.
-- ==
-- input { [1, 2] } output { [101, 102] [99, 98] }
def (|-|) (a: i32) (b: i32) = i32.abs (a - b)
def main (xs: []i32) = (map (+ 100) xs, map (100 |-|) xs)
