-- A size parameter fixed only by a function argument's type, whose value the array the
-- function's result is applied to gives (`f g ys`: n is the length of ys).
-- ==
-- input { [1, -2, 3] } output { 2i64 }
-- input { empty([0]i32) } output { 0i64 }
def f [n] (_: [n]i32 -> i32) : [n]i32 -> i64 = \_ -> n
def main (xs: []i32) = f (\_ -> 0) (filter (> 0) xs)
