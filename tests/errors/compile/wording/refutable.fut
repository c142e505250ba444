-- A refutable pattern in a let binding.
-- ==
-- error: Refutable pattern not allowed here

def main (x: i32) = let (2, y) = (x, x) in y
