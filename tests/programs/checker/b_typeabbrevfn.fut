-- Checker stress (inference/sizes/uniqueness): b_typeabbrevfn.fut
-- ==
-- input { 3 } output { 4 }
type^ fn = i32 -> i32
def ap (f: fn) (x: i32) = f x
def main x = ap (+1) x
