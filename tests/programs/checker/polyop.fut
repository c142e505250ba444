-- Checker stress (inference/sizes/uniqueness): polyop.fut
-- ==
-- input { [1,2] } output { [1,2] }
def (|>>) 'a 'b (x: a) (f: a -> b) : b = f x
def main (xs: []i32) = xs |>> id
