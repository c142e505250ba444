-- Connected components by min-label propagation with reduce_by_index until a fixpoint.
-- ==
-- "small"
-- input { 10i64 [0, 2, 3, 5, 7, 9, 8] [1, 3, 1, 6, 7, 8, 6] }
-- output { [0, 0, 0, 0, 4, 5, 5, 7, 5, 5] }
-- "empty"
-- input { 0i64 empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) }
-- "no_edges"
-- input { 5i64 empty([0]i32) empty([0]i32) }
-- output { [0, 1, 2, 3, 4] }
-- "chain16"
-- input { 16i64 [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 15, 3] [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 4] }
-- output { [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }
-- "random30"
-- input { 30i64 [29, 6, 29, 0, 4, 18, 29, 4, 6, 26, 19, 16, 0, 13, 29, 18, 25, 20, 21, 14, 17, 16] [25, 8, 17, 0, 18, 25, 25, 10, 4, 19, 9, 9, 6, 12, 21, 12, 20, 23, 25, 18, 8, 9] }
-- output { [0, 1, 2, 3, 0, 5, 0, 7, 0, 9, 0, 11, 0, 0, 0, 15, 9, 0, 0, 9, 0, 0, 22, 0, 24, 0, 9, 27, 28, 0] }
-- entry: count
-- "count_small"
-- input { 10i64 [0, 2, 3, 5, 7, 9, 8] [1, 3, 1, 6, 7, 8, 6] }
-- output { 4i64 4 }
-- "count_empty"
-- input { 0i64 empty([0]i32) empty([0]i32) }
-- output { 0i64 0 }
-- "count_no_edges"
-- input { 5i64 empty([0]i32) empty([0]i32) }
-- output { 5i64 1 }
-- "count_chain16"
-- input { 16i64 [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 15, 3] [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 4] }
-- output { 1i64 16 }
-- "count_random30"
-- input { 30i64 [29, 6, 29, 0, 4, 18, 29, 4, 6, 26, 19, 16, 0, 13, 29, 18, 25, 20, 21, 14, 17, 16] [25, 8, 17, 0, 18, 25, 25, 10, 4, 19, 9, 9, 6, 12, 21, 12, 20, 23, 25, 18, 8, 9] }
-- output { 13i64 15 }

-- Connected components of an undirected graph by min-label propagation.
-- Every vertex ends up labelled with the smallest vertex id of its component.
def components [m] (n: i64) (us: [m]i32) (vs: [m]i32) : [n]i32 =
  let a = map i64.i32 (us ++ vs)
  let b = map i64.i32 (vs ++ us)
  let labels0 = map i32.i64 (iota n)
  let (labels, _) =
    loop (labels, changed) = (labels0, true) while changed do
      let incoming = map (\j -> labels[j]) b
      let labels' = reduce_by_index (copy labels) i32.min i32.highest a incoming
      in (labels', or (map2 (!=) labels labels'))
  in labels

entry main [m] (n: i64) (us: [m]i32) (vs: [m]i32) : [n]i32 =
  components n us vs

-- Number of components, and the size of the largest one.
entry count [m] (n: i64) (us: [m]i32) (vs: [m]i32) : (i64, i32) =
  let labels = components n us vs
  let roots = filter (\i -> labels[i] == i32.i64 i) (iota n)
  let sizes = hist (+) 0i32 n (map i64.i32 labels) (replicate n 1i32)
  in (length roots, reduce i32.max 0 sizes)
