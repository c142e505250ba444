-- The same array twice in an argument to a consuming parameter.
-- ==
-- error: Argument passed for consuming parameter is self-aliased

def g (t: *([]i64, []i64)) = 0
def main (n: i64) = let x = iota n in g (x, x)
