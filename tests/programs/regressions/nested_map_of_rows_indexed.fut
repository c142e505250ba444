-- Inside a map, a reduction over the rows of a scan of rows, its map part indexing each
-- row: the cpu backend stopped with "internal error: cpu codegen: unbound variable"
-- (its check for a SIMD loop asked for the row parameter's type before binding it).
-- Found by the differential fuzzer (tests/fuzz/soac_programs.py).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [9, 27] }
-- input { empty([0][3]i32) }
-- output { empty([0]i32) }
-- input { [[-1, 7]] }
-- output { [13] }

entry main [n][m] (xs: [n][m]i32) : [n]i32 =
  map (\r -> i32.sum (map (\q -> q[1] + q[0])
                          (scan (\a b -> if a[0] < b[0] then b else a) [0, 0]
                                (map (\v -> [v, v - 1]) r))))
      xs
