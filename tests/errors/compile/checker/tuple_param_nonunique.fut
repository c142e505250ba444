-- A consumed component must be consumable.
-- ==
-- error: Would consume `x`, which is not consumable
def g (a: *[]i32, b: []i32) : []i32 = a with [0] = b[0]
def main (x: []i32) = g (x, [1])
