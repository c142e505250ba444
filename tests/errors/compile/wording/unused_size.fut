-- A size parameter that no parameter determines.
-- ==
-- error: unused in pattern

def f [n] (x: i32) = x
def main (x: i32) = f x
