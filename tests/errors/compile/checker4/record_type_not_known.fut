-- Futhark's error index: the return type is consulted only after the body, so
-- the type of `r` is not known at the record update.
-- ==
-- error: Full type of .* not known
def f r : {x:i32} = r with x = 0
def main (a: i32) = (f {x = a}).x
