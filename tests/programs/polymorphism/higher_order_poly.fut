-- A polymorphic higher-order function.
-- ==
-- input { [1, 2, 3] } output { [2.0f32, 4.0f32, 6.0f32] }
def my_map 'a 'b [n] (f: a -> b) (xs: [n]a) : [n]b = map f xs
def main (xs: []i32) = my_map (\x -> f32.i32 x * 2) xs
