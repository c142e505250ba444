-- An update of one range of rows is a scatter to their places (compiled in parallel, no
-- loop of single updates, and the slice is not copied for its bounds check): forward,
-- strided, backward, rows of a matrix, a tuple's arrays; out-of-range bounds and a value
-- of another size fail as before.
-- ==
-- entry: forward
-- input { [0, 0, 0, 0, 0] 1i64 [7, 8, 9] } output { [0, 7, 8, 9, 0] }
-- input { [0, 0, 0, 0, 0] 3i64 [7, 8, 9] } error: Index \[3:6\] out of bounds for array of shape \[5\]
-- input { [0, 0, 0, 0, 0] 1i64 [7, 8] } error: Cannot write value of shape \[2\] into slice of shape \[3\]
-- structure { Scatter 1 Loop 0 }
entry forward (xs: *[]i32) (i: i64) (ys: []i32) = xs with [i:i + 3] = ys

-- ==
-- entry: strided
-- input { [0, 0, 0, 0, 0, 0] } output { [0, 2, 0, 1, 0, 0] }
-- structure { Scatter 1 Loop 0 }
entry strided (xs: *[]i32) = xs with [3:0:-2] = [1, 2]

-- ==
-- entry: rows
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[1, 2], [0, 0], [0, 0]] }
-- structure { Scatter 1 Loop 0 }
entry rows (xss: *[][]i32) = let n = length xss in xss with [1:] = replicate (n - 1) [0, 0]

-- ==
-- entry: pairs
-- input { [1, 2, 3] [1.0, 2.0, 3.0] } output { [1, 9, 9] [1.0, 0.5, 0.5] }
entry pairs (xs: []i32) (ys: []f64) =
  let zs = copy (zip xs ys)
  let zs[1:] = [(9, 0.5), (9, 0.5)]
  in unzip zs
