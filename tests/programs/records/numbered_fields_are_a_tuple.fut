-- A record whose fields are 0 .. n-1 is the tuple of them: equal to it, and returned
-- as its components.
-- ==
-- input { 3 } output { 3 true true }
entry main (x: i32) : (i32, bool, bool) =
  let r = {1 = true, 0 = x}
  in (r.0, r.1, {0 = x, 1 = 2i32} == (x, 2))
