-- Coercing to a size that is a top-level constant, written directly or through a type
-- abbreviation (the interpreter checked neither form of abbreviation).
-- ==
-- entry: direct
-- input { [1, 2] } output { [1, 2] }
-- input { [1, 2, 3] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch
-- entry: abbreviated
-- input { [1, 2] } output { [1, 2] }
-- input { [1, 2, 3] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch
-- entry: abbreviated_param
-- input { [1, 2] } output { [1, 2] }
-- input { [1] } error: [Ss]ize|[Ss]hape|[Dd]imension|[Ll]ength|[Cc]oerc|[Mm]atch

def two : i64 = 2
type pair = [two]i32
type vec [k] = [k]i32

entry direct (xs: []i32) = xs :> [two]i32
entry abbreviated (xs: []i32) = xs :> pair
entry abbreviated_param (xs: []i32) = xs :> vec [2]
