-- The backward pipe <|, which is right-associative.
-- ==
-- input { [1, 2, 3] } output { 15 }
def main (xs: []i32) = reduce (+) 0 <| map (+ 1) <| map (* 2) xs
