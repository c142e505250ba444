-- An entry point with an explicitly typed tuple result.
-- ==
-- entry: divmod
-- input { 17 5 } output { 3 2 }
-- input { -17 5 } output { -4 3 }
entry divmod (a: i32) (b: i32) : (i32, i32) = (a / b, a % b)
