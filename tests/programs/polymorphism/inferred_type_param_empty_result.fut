-- An empty array made by a function whose element type was inferred has the type the
-- call instantiates it with (the interpreter printed `empty([0]x)`).
-- ==
-- input { 0i64 } output { empty([0]i64) }
-- input { 2i64 } output { [7i64, 7i64] }
def h ne xs = map (\_ -> ne) xs
entry main (n: i64) = h 7i64 (iota n)
