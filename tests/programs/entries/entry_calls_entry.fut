-- An entry point may be called like an ordinary function.
-- ==
-- entry: sq
-- input { 5 } output { 25 }
-- entry: sq_plus_one
-- input { 5 } output { 26 }
entry sq (x: i32) = x * x
entry sq_plus_one (x: i32) = sq x + 1
