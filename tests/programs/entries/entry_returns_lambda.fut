-- An entry point that returns a function of first-order values takes its parameters
-- too (Futhark: a first-order entry point need not be syntactically first-order).
-- ==
-- input { 3 4 } output { 7 }
def main (x: i32) = \y -> x + y
