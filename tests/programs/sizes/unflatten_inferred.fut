-- unflatten's sizes paired with its argument's size expression (Futhark's
-- `unflatten (flatten xss)`), or, one unknown, taken from the length.
-- ==
-- entry: roundtrip
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }

-- ==
-- entry: rows_of_three
-- input { 2i64 } output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
-- input { 0i64 } output { empty([0][3]i64) }

-- ==
-- entry: nested_size
-- input { 2i64 } output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64], [6i64, 7i64, 8i64], [9i64, 10i64, 11i64]] }

-- ==
-- entry: threes
-- input { [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { [1, 2, 3, 4, 5, 6, 7] } error: cannot reshape array of size 7 to \[\?\]\[3\]

-- ==
-- entry: cube
-- input { 2i64 } output { [[[0i64, 1i64], [2i64, 3i64]], [[4i64, 5i64], [6i64, 7i64]]] }

entry roundtrip [n] [m] (xss: [n][m]i32) = map (map (+ 0)) (unflatten (flatten xss))
entry rows_of_three (k: i64) = unflatten (iota (k * 3))
entry nested_size (k: i64) = unflatten (iota (k * 2 * 3)) : [k * 2][3]i64
entry threes (xs: []i32) = unflatten xs : [][3]i32
entry cube (k: i64) = unflatten_3d (flatten_3d (unflatten_3d (iota (k * k * k)) : [k][k][k]i64))
