-- An `if` whose branches are of a lifted type parameter (`'^a`, which may be a function)
-- is rejected as if they were functions.
-- ==
-- error: cannot return a function
def cond '^a (b: bool) (x: a) (y: a) : a = if b then x else y
def main (b: bool) (y: i32) : i32 = (cond b (\(x: i32) -> x + x) (\(x: i32) -> x)) y
