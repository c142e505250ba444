-- Checker must reject: arity.fut
-- ==
-- error: .
def f (x: i32) = x
def main (x: i32) = f x x
