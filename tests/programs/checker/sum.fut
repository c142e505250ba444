-- Checker stress (inference/sizes/uniqueness): sum.fut
-- ==
-- input { 3 } output { 9 }
type shape = #circle i32 | #rect i32 i32
def area (s: shape) = match s case #circle r -> r*r case #rect a b -> a*b
def main x = area (#circle x)
