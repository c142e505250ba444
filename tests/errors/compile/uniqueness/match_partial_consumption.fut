-- `upd ys` is a function that would update `ys` in place each time it is
-- called; the case binds it to `f`, which is called twice.  Futhark: "Matched
-- expression of higher-order type contains consumption".
-- ==
-- error: Matched expression of higher-order type contains consumption

def upd (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def main (ys: *[]i32) = match upd ys case f -> (f 1, f 2)
