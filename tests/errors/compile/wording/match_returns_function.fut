-- A match expression returning a function.
-- ==
-- error: returned from pattern match

def main (b: bool) (n: i32) = (match b case _ -> (\(x: i32) -> x + 1)) n
