-- A name that only modules define (`sum` is each numeric module's) names those
-- modules' members, the program's own modules first, then the common number types.
-- ==
-- error: Unknown name `sum`: did you mean `Stats.sum`, `i32.sum`, `i64.sum`, `f32.sum`, \.\.\. \(12 in all\)\?

module Stats = { def sum (xs: []f64) = f64.sum xs }

def main (xs: []i32) = sum xs
