-- A polymorphic function's empty result whose rows are of a type parameter standing for
-- arrays of a size the call's type leaves unknown (rows a loop made): the rows' shape
-- comes from the argument.  The interpreter gave empty([0][0]i32) (its sample of the
-- map's function fails: `a[(i + r) % n]` with n = 0), the compiled backends [0][3].
-- Found by the differential fuzzer (tests/fuzz/soac_programs.py).
-- ==
-- entry: rotated
-- input { empty([0]i32) [1, 2, 3] }
-- output { empty([0][3]i32) }
-- input { [7, 8] [1, 2, 3] }
-- output { [[1, 2, 3], [1, 2, 3]] }

entry rotated [n][m] (xs: [n]i32) (y: [m]i32) =
  rotate 4 (map (\_ -> loop v = y for i < 2 do copy v with [0] = 1) xs)

-- ==
-- entry: gathered
-- input { empty([0]i32) [1, 2, 3] empty([0]i64) }
-- output { empty([0][3]i32) }
-- input { [5, 6] [1, 2, 3] empty([0]i64) }
-- output { empty([0][3]i32) }
-- input { [5, 6] [1, 2, 3] [1, 0, 1] }
-- output { [[1, 2, 3], [1, 2, 3], [1, 2, 3]] }

def gather 't (a: []t) (is: []i64) : []t = map (\i -> a[i]) is

entry gathered [n][m] (xs: [n]i32) (y: [m]i32) (is: []i64) =
  gather (map (\_ -> loop v = y for i < 2 do copy v with [0] = 1) xs) is
