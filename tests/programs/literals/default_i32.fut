-- Unconstrained integer literals default to i32, decimals to f64.
-- ==
-- input {} output { 7 2.5 }
def main = (3 + 4, 1.0 + 1.5)
