-- A loop whose body grows its parameter has a result of unknown size, which cannot be
-- returned where a constant size is declared (Futhark's rule; it was once accepted,
-- giving a 6-element array for [3]i32).
-- ==
-- error: Dimensions `3` and `\?` do not match

def grow (x: i32) : [3]i32 = let r = replicate 3 x in loop r for _i < 3 do r ++ [x]

def main (xs: []i32) = map grow xs
