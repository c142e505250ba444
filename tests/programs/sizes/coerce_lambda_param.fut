-- A size coercion of a lambda's parameter, whose type is known only from the array
-- mapped over (Futhark infers the parameter's own size; the coercion changes it).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 3i64 } output { [6, 15] }
-- input { empty([0][3]i32) 2i64 } output { empty([0]i32) }
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } error: [Ss]ize|[Ss]hape|[Cc]oerc|[Mm]atch

entry main [n] (xs: [][n]i32) (m: i64) = map (\r -> i32.sum (r :> [m]i32)) xs

-- ==
-- entry: piped
-- input { [[1, 2], [3, 4], [5, 6]] 2i64 } output { [[2, 1], [4, 3], [6, 5]] }
-- input { [[1, 2], [3, 4], [5, 6]] 3i64 } error: [Ss]ize|[Ss]hape|[Cc]oerc|[Mm]atch

entry piped [n] (xs: [][n]i32) (m: i64) : [][m]i32 =
  xs |> map (\r -> reverse (r :> [m]i32))
