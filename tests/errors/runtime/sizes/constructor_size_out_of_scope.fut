-- A constructor's payload whose size is named after a variable going out of scope has
-- an unknown size (Note [Constraint sizes]): `let n = 2 in #some (iota n)` kept `[n]`,
-- which the outer `n` then matched, and compiled code read n elements of a payload of 2
-- (the interpreter stopped at the map2).
-- ==
-- input { 2i64 } output { 2i64 }
-- input { 100000i64 } error: different lengths|cannot match|[Ss]hape|[Ss]ize
-- entry: through_match
-- input { 2i64 } output { 2i64 }
-- input { 7i64 } error: different lengths|cannot match|[Ss]hape|[Ss]ize

entry main (n: i64) =
  let v = (let n = 2 in #some (iota n)) : (#some ([n]i64) | #none)
  in match v
     case #some ys -> i64.sum (map2 (+) ys (iota n))
     case #none -> 0

entry through_match (n: i64) =
  let v = (let m = if n < 5 then n else 3 in if m > 0 then #some (iota m) else #none)
  in match v : (#some ([n]i64) | #none)
     case #some ys -> i64.sum (map2 (+) ys (iota n))
     case #none -> 0
