-- Checker stress (inference/sizes/uniqueness): b_hofpoly.fut
-- ==
-- input { [1,2,3] } output { [1.0f32,2.0f32,3.0f32] }
def mapf 'a 'b [n] (f: a -> b) (xs: [n]a) : [n]b = map f xs
def main (xs: []i32) = mapf f32.i32 xs
