-- Checker stress (inference/sizes/uniqueness): sizeparamfn.fut
-- ==
-- input { [1,2,3] [4,5,6] } output { 32 }
def dot [n] (a: [n]i32) (b: [n]i32) = reduce (+) 0 (map2 (*) a b)
def main [n] (a: [n]i32) (b: [n]i32) = dot a b
