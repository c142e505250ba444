-- Greedy interval scheduling and sweeps without sorting: records, while loops with tuple state, an option sum type.
-- ==
-- entry: schedule
-- "classic" input { [1, 3, 0, 5, 8, 5, 2, 12] [4, 5, 6, 7, 9, 9, 14, 16] } output { [0i64, 3i64, 4i64, 7i64] }
-- "empty" input { empty([0]i32) empty([0]i32) } output { empty([0]i64) }
-- "one" input { [-5] [-2] } output { [0i64] }
-- "invalid and empty intervals" input { [4, 10, 2, 5, 5, 0, 3] [4, 1, 5, 5, 9, 2, 3] } output { [5i64, 6i64, 0i64, 3i64, 4i64] }
-- "ties and negatives" input { [-10, -8, -10, 0, -3] [-3, -3, -3, 2, 0] } output { [0i64, 4i64, 3i64] }
-- entry: max_overlap
-- "classic" input { [1, 3, 0, 5, 8, 5, 2, 12] [4, 5, 6, 7, 9, 9, 14, 16] } output { 4 }
-- "empty" input { empty([0]i32) empty([0]i32) } output { 0 }
-- "one" input { [-5] [-2] } output { 1 }
-- "invalid and empty intervals" input { [4, 10, 2, 5, 5, 0, 3] [4, 1, 5, 5, 9, 2, 3] } output { 1 }
-- "ties and negatives" input { [-10, -8, -10, 0, -3] [-3, -3, -3, 2, 0] } output { 3 }
-- entry: first_conflict
-- "classic" input { [1, 3, 0, 5, 8, 5, 2, 12] [4, 5, 6, 7, 9, 9, 14, 16] } output { 1i64 }
-- "empty" input { empty([0]i32) empty([0]i32) } output { -1i64 }
-- "one" input { [-5] [-2] } output { -1i64 }
-- "invalid and empty intervals" input { [4, 10, 2, 5, 5, 0, 3] [4, 1, 5, 5, 9, 2, 3] } output { -1i64 }
-- "ties and negatives" input { [-10, -8, -10, 0, -3] [-3, -3, -3, 2, 0] } output { 1i64 }

-- Intervals are half-open [start, end); intervals with end < start are invalid
-- and ignored.  Two intervals conflict when they share a point (so an empty
-- interval [t, t) conflicts with nothing).

type opt 'a = #some a | #none

type interval = {start: i32, end: i32}

def valid (iv: interval) : bool = iv.start <= iv.end

def overlaps (a: interval) (b: interval) : bool =
  i32.max a.start b.start < i32.min a.end b.end

-- The first element satisfying p, stopping early.
def find_first [n] 'a (p: a -> bool) (xs: [n]a) : opt a =
  let (i, found) = loop (i, found) = (0i64, false) while !found && i < n do
                     if p xs[i] then (i, true) else (i + 1, false)
  in if found then #some xs[i] else #none

-- Among the valid intervals not yet taken that start at or after t, the one
-- finishing first (smallest index on ties).
type cand = {idx: i64, end: i32}

def next_pick [n] (ivs: [n]interval) (taken: [n]bool) (t: i32) : opt cand =
  loop (best: opt cand) = #none for i < n do
    let iv = ivs[i]
    in if taken[i] || !valid iv || iv.start < t then best
       else match best
            case #none -> #some {idx = i, end = iv.end}
            case #some c -> if iv.end < c.end then #some {idx = i, end = iv.end} else best

-- Greedy activity selection without sorting: returns the chosen indices in
-- the order they were picked.
entry schedule [n] (starts: [n]i32) (ends: [n]i32) : []i64 =
  let ivs = map2 (\s e -> {start = s, end = e}) starts ends
  let (chosen, count, _, _, _) =
    loop (chosen: *[n]i64, count, taken: *[n]bool, t, done) =
         (replicate n (-1), 0i64, replicate n false, i32.lowest, false)
    while !done do
      match next_pick ivs taken t
      case #none -> (chosen, count, taken, t, true)
      case #some {idx, end} ->
        let chosen[count] = idx
        let taken[idx] = true
        in (chosen, count + 1, taken, end, false)
  in chosen[:count]

-- The largest number of valid intervals sharing one point.
entry max_overlap [n] (starts: [n]i32) (ends: [n]i32) : i32 =
  let ivs = map2 (\s e -> {start = s, end = e}) starts ends
  let covering (x: i32) = i32.sum (map (\iv -> i32.bool (valid iv && iv.start <= x && x < iv.end)) ivs)
  in reduce i32.max 0 (map (\iv -> if iv.start < iv.end then covering iv.start else 0) ivs)

-- Index of the first valid interval that conflicts with an earlier valid one,
-- or -1.
entry first_conflict [n] (starts: [n]i32) (ends: [n]i32) : i64 =
  let ivs = map2 (\s e -> {start = s, end = e}) starts ends
  let conflicts (i: i64) =
    valid ivs[i] && any (\j -> j < i && valid ivs[j] && overlaps ivs[i] ivs[j]) (iota n)
  in match find_first conflicts (iota n)
     case #some i -> i
     case #none -> -1
