-- An if expression returning a function.
-- ==
-- error: returned from branch

def main (b: bool) (n: i32) = (if b then (\(x: i32) -> x + 1) else (\x -> x)) n
