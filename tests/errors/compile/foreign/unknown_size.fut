-- Every size of a foreign function must be the size of an array parameter: C is told
-- the sizes, it does not choose them.
-- ==
-- error: [Ss]ize n unused|not used constructively

foreign "<math.h>" def make [n] (x: i32): [n]i32
def main (x: i32) = make x
