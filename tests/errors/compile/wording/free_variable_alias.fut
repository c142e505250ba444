-- A function returning a top-level array.
-- ==
-- error: Function result aliases the free variable `x`

def x = [1, 2, 3]
def main (y: i32) = x
