-- The constant `h` is a function that updates one array in place; each use of
-- `h` would update the same array again.  Futhark: "Top-level constant of
-- higher-order type ... contains consumption".
-- ==
-- error: Top-level constant of higher-order type contains consumption

def upd (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def h : i32 -> *[]i32 = upd (copy [1, 2, 3])

def main (_: i32) = (h 1, h 2)
