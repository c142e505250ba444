-- The same array as a consumed component and an observed one.
-- ==
-- error: self-aliased
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[0]
def main (x: *[]i32) = g (x, x)
