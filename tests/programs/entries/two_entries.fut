-- Two entry points tested on the same input, and each on its own.
-- ==
-- entry: double triple
-- input { 0 } output { 0 }
-- entry: double
-- input { 4 } output { 8 }
-- entry: triple
-- input { 4 } output { 12 }
entry double (x: i32) = x * 2
entry triple (x: i32) = x * 3
