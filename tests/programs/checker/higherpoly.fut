-- Checker stress (inference/sizes/uniqueness): higherpoly.fut
-- ==
-- input { [1,2,3] } output { [2,4,6] }
def apply 'a 'b (f: a -> b) (x: a) : b = f x
def main (xs: []i32) = map (apply (*2)) xs
