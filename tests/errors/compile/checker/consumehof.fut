-- Checker must reject: consumehof.fut
-- ==
-- error: .
def apply 'a 'b (f: a -> b) (x: a) = f x
def consume (xs: *[]i32) = xs with [0] = 1
def main (arr: *[]i32) = apply consume arr
