-- Slices in a map's function whose bounds differ by a constant (`xs[i:i+2]`,
-- `xs[3*i:3*(i+1)]`) give rows of that size: the compiled backends build the array of
-- them (it was a compiler limitation, "irregular array"), and the interpreter's empty
-- array of such rows has it too.
-- ==
-- entry: windows
-- input { [1, 2, 3, 4, 5] }
-- output { [[1, 2], [2, 3], [3, 4], [4, 5]] }
-- input { [7] }
-- output { empty([0][2]i32) }
-- entry: triples
-- input { [1, 2, 3, 4, 5, 6, 7] }
-- output { [[1, 2, 3], [4, 5, 6]] [6, 15] }
-- input { [1, 2] }
-- output { empty([0][3]i32) empty([0]i32) }
-- entry: none
-- input { [1, 2, 3] }
-- output { empty([3][0]i32) }
-- entry: past_the_end
-- input { [1, 2, 3] }
-- error: out of bounds

entry windows (xs: []i32) = map (\i -> xs[i:i+2]) (iota (length xs - 1))

entry triples (xs: []i32) =
  let rows = map (\i -> xs[3 * i:3 * (i + 1)]) (iota (length xs / 3))
  in (rows, map i32.sum rows)

entry none (xs: []i32) = map (\i -> xs[i:i]) (indices xs)

entry past_the_end (xs: []i32) = map (\i -> xs[i:i+2]) (indices xs)
