-- Checker stress (inference/sizes/uniqueness): reduceby.fut
-- ==
-- input { [1,2,3] } output { 6.0f32 }
def main (xs: []i32) = f32.sum (map f32.i32 xs)
