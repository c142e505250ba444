-- Checker stress (inference/sizes/uniqueness): b_polysizehof.fut
-- ==
-- input { [1,2,3] } output { [2,4,6] }
def on [n] 'a (f: [n]a -> [n]a) (xs: [n]a) : [n]a = f xs
def main (xs: []i32) = on (map (*2)) xs
