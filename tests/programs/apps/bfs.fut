-- Level-synchronous breadth-first search on a CSR graph (distances and min-id parents).
-- ==
-- "small"
-- input { [0, 2, 3, 5, 6, 8, 10, 11, 11, 11] [1, 2, 3, 3, 3, 4, 1, 5, 5, 7, 0] 0 }
-- output { [0, 1, 1, 2, 3, 4, -1, 5, -1] [0, 0, 0, 1, 3, 4, -1, 5, -1] }
-- "empty_graph"
-- input { [0] empty([0]i32) 0 }
-- output { empty([0]i32) empty([0]i32) }
-- "single"
-- input { [0, 0] empty([0]i32) 0 }
-- output { [0] [0] }
-- "empty_ends"
-- input { [0, 0, 1, 2, 4, 5, 6, 6, 6] [0, 3, 4, 5, 2, 1] 3 }
-- output { [3, 2, 2, 0, 1, 1, -1, -1] [1, 5, 4, 3, 3, 3, -1, -1] }
-- "random20"
-- input { [0, 5, 8, 9, 11, 14, 16, 17, 18, 18, 21, 22, 26, 31, 34, 36, 37, 38, 41, 43, 45] [2, 3, 4, 16, 10, 10, 7, 10, 3, 16, 15, 9, 18, 18, 8, 2, 8, 10, 10, 1, 4, 12, 6, 1, 5, 0, 15, 2, 10, 11, 18, 6, 6, 16, 13, 0, 14, 6, 16, 10, 19, 17, 5, 6, 9] 4 }
-- output { [5, 2, 3, 4, 0, 2, 4, 3, 3, 1, 2, 4, 3, 6, 5, 4, 3, 2, 1, 3] [11, 9, 5, 2, 4, 18, 16, 1, 5, 4, 9, 12, 10, 14, 15, 12, 17, 18, 4, 17] }
-- "bad_source"
-- input { [0, 1, 2, 2] [1, 2] 5 }
-- output { [-1, -1, -1] [-1, -1, -1] }
-- entry: summary
-- "summary_small"
-- input { [0, 2, 3, 5, 6, 8, 10, 11, 11, 11] [1, 2, 3, 3, 3, 4, 1, 5, 5, 7, 0] 0 }
-- output { 7i64 6 }
-- "summary_empty_graph"
-- input { [0] empty([0]i32) 0 }
-- output { 0i64 0 }
-- "summary_single"
-- input { [0, 0] empty([0]i32) 0 }
-- output { 1i64 1 }
-- "summary_random20"
-- input { [0, 5, 8, 9, 11, 14, 16, 17, 18, 18, 21, 22, 26, 31, 34, 36, 37, 38, 41, 43, 45] [2, 3, 4, 16, 10, 10, 7, 10, 3, 16, 15, 9, 18, 18, 8, 2, 8, 10, 10, 1, 4, 12, 6, 1, 5, 0, 15, 2, 10, 11, 18, 6, 6, 16, 13, 0, 14, 6, 16, 10, 19, 17, 5, 6, 9] 4 }
-- output { 20i64 7 }

-- Source vertex of every edge in a CSR graph (offsets has n+1 entries).
def edge_sources [n] [m] (offsets: [n]i64) (_edges: [m]i32) : [m]i64 =
  -- a +1 mark at the start of every vertex's segment after the first;
  -- marks at index m (trailing empty vertices) fall outside and are ignored
  let starts = if n <= 1 then [] else offsets[1:n - 1]
  let marks = reduce_by_index (replicate m 0i64) (+) 0 starts (map (const 1) starts)
  in scan (+) 0 marks

-- Returns (distance, parent) per vertex; -1 for unreachable vertices.
-- The parent is the smallest-numbered vertex of the previous level.
def bfs [n1] [m] (offsets: [n1]i32) (edges: [m]i32) (source: i32) : ([]i32, []i32) =
  let n = n1 - 1
  let offs = map i64.i32 offsets
  let src = edge_sources offs edges
  let dst = map i64.i32 edges
  let valid = source >= 0 && i64.i32 source < n
  let dist0 = replicate n (-1i32)
  let par0 = replicate n (-1i32)
  let front0 = replicate n false
  let (dist0, par0, front0) =
    if valid
    then let s = i64.i32 source
         in (dist0 with [s] = 0, par0 with [s] = source, front0 with [s] = true)
    else (dist0, par0, front0)
  let (dist, par, _, _) =
    loop (dist, par, front, level) = (dist0, par0, front0, 0i32)
    while any id front do
      let active = map2 (\s d -> front[s] && dist[d] < 0) src dst
      let tgt = map2 (\a d -> if a then d else -1) active dst
      let cand = reduce_by_index (replicate n i32.highest) i32.min i32.highest tgt (map i32.i64 src)
      let par' = map2 (\p c -> if c != i32.highest then c else p) par cand
      let dist' = scatter (copy dist) tgt (replicate m (level + 1))
      let front' = scatter (replicate n false) tgt (replicate m true)
      in (dist', par', front', level + 1)
  in (dist, par)

entry main [n1] [m] (offsets: [n1]i32) (edges: [m]i32) (source: i32) : ([]i32, []i32) =
  bfs offsets edges source

-- Number of vertices reached and the number of BFS levels (eccentricity + 1).
entry summary [n1] [m] (offsets: [n1]i32) (edges: [m]i32) (source: i32) : (i64, i32) =
  let (dist, _) = bfs offsets edges source
  let reached = filter (>= 0) dist
  in (length reached, reduce i32.max (-1) reached + 1)
