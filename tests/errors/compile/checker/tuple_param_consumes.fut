-- A tuple parameter's unique component consumes that component of the argument:
-- using it afterwards is an error.
-- ==
-- error: Using `x`, but this was consumed
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[0]
def main (x: *[]i32) (y: []i32) = let r = g (x, y) in (r[0], x[0])
