-- `xs` and `ys` of add_arrays are one (implicit) size, as map2 needs: a call with
-- arrays of two known, different sizes is rejected, as in Futhark.
-- ==
-- error: Dimensions `2` and `3` do not match: argument 2 of `add_arrays`

def add_arrays (xs: []i32) (ys: []i32) = map2 (+) xs ys

def main = add_arrays [1, 2] [3, 4, 5]
