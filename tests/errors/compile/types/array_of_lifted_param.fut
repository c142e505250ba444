-- A size-lifted type parameter has a lifted type's restrictions: no arrays of it.
-- ==
-- error: Lifted types cannot be put in arrays: `a` may hide sizes
def pair '~a (x: a) : [2]a = [x, x]
def main (x: i32) = (pair x)[0]
