-- A function returning a top-level array.
-- ==
-- error: Function result aliases the free variable

def x = [1, 2, 3]
def main (y: i32) = x
