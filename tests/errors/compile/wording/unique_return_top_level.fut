-- A unique result that is a top-level array: the message names it.
-- ==
-- error: Unique-typed return value of `f` aliases the top-level array `w`

def w = [1, 2]
def f (x: i32) : *[]i32 = w
