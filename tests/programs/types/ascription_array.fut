-- Type ascriptions with array sizes on let bindings.
-- ==
-- input {} output { [1, 2, 3] 3i64 }
def main = let xs: [3]i32 = [1, 2, 3] in (xs, length xs)
