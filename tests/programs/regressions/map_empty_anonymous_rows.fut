-- `map` over an empty array keeps the row shape even when the parameter's
-- sizes are anonymous (`[][][]i32`).
-- ==
-- input { empty([0][2][2]i32) } output { empty([0][2]i32) 0 }
-- input { [[[1,2],[3,4]],[[5,6],[7,8]]] } output { [[3,7],[11,15]] 36 }
entry main (xs: [][][]i32) = (map (map i32.sum) xs, i32.sum (flatten (flatten xs)))
