-- A consuming function passed to a higher-order function.
-- ==
-- error: Argument of functional type .* contains consumption

def apply (f: *[]i32 -> []i32) (x: []i32) = x
def consume (xs: *[]i32) = xs with [0] = 0
def main (arr: *[]i32) = map consume [arr]
