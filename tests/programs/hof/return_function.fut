-- A function returning a function (partial application).
-- ==
-- input { 4 [1, 2] } output { [5, 6] }
def adder (k: i32) : i32 -> i32 = \x -> x + k
def main (k: i32) (xs: []i32) = map (adder k) xs
