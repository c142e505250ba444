-- `(ys <-<)` captures `ys` as the first argument of `<-<`, whose first
-- parameter is unique: a section may not supply a consuming parameter.
-- Futhark: "Operator sections may not supply an argument for a consuming
-- parameter."
-- ==
-- error: Operator sections may not supply an argument for a consuming parameter

def (<-<) (xs: *[]i32) (i: i32) : *[]i32 = xs with [0] = i

def main (ys: *[]i32) = (ys <-<) 1
