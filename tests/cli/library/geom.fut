-- The second library of the two-library test (tests/cli/run.sh, library/use_two.c): its
-- entry points are compiled into namespaces e0, e1, ... as stats.fut's are, and its
-- runtime has the same names, which must not bind to the other library's.

-- | The squared length of a vector.
entry norm2 (xs: []f64) : f64 = f64.sum (map (\x -> x * x) xs)

-- | Consecutive differences, and how many there are.
entry diffs (xs: []i64) : ([]i64, i64) =
  let ds = map2 (-) (tail xs) (init xs) in (ds, length ds)

entry at (xs: []f64) (i: i64) : f64 = xs[i]
