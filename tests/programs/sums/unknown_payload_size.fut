-- A sum whose payload has an unknown size (`#some ([]i32)`): the constructors a value does
-- not hold have empty payloads when compiled (was a compiler limitation, "an array type
-- whose size is not known here"), through `if`, a loop and `==`.
-- ==
-- entry: a
-- input { 0i64 } output { -1i64 false false true true empty([0]i32) empty([0]i32) [1, 3] }
-- input { 2i64 } output { 1i64 false false true true empty([0]i32) [1] [1, 3] }
-- input { 3i64 } output { 2i64 false true true true [0, 1] [1, 2] empty([0]i32) }
-- input { 5i64 } output { 4i64 false true true true [0, 1, 2, 3] [1, 2, 3, 4] empty([0]i32) }

type~ opt = #none | #some ([]i32)
def pos = filter (> 0) [1, -2, 3]
def get (o: opt) = match o case #some ys -> ys case #none -> []
entry a (n: i64) =
  let o = (if n > 1 then #some (filter (> 0) (map i32.i64 (iota n))) else #none) : opt
  let p = (if n > 2 then #none else #some pos) : opt
  let q = loop q = (#none : opt) for i < n do if i % 2 == 0 then #some (map i32.i64 (iota i)) else q
  in (match o case #some ys -> length ys case #none -> -1, o == p, p == (#none : opt), o == o,
      (#some pos : opt) == (#some pos : opt), get q, get o, copy (get p))
