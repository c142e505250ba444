-- An update along a mixed path consumes its target: using it afterwards is an error.
-- ==
-- error: Using `ps`, but this was consumed
def main (ps: *[]{x: i32}) = let q = ps with [0].x = 1 in (q[0].x, ps[0].x)
