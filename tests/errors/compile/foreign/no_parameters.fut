-- A foreign function is called, so it takes at least one argument.
-- ==
-- error: foreign function `seed` needs at least one parameter

foreign "<stdlib.h>" def seed : i32 = "rand"
def main (x: i32) = x + seed
