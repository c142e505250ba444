-- Rows of one array are regular all through: arrays inside tuples, records and
-- constructor payloads of different rows must have one shape (Note [Regular rows]).
-- ==
-- entry: in_tuple
-- input { [1i32, 2i32] } output { [2i64, 2i64] }
-- input { [1i32, -2i32] } error: irregular|[Ss]hape|[Ss]ize|[Ll]imitation
-- entry: in_record
-- input { [3i32, 4i32] } output { 14i32 }
-- input { [-3i32, 4i32] } error: irregular|[Ss]hape|[Ss]ize|[Ll]imitation
-- entry: in_payload
-- input { [1i32, 5i32] } output { 12i32 }
-- input { [1i32, -5i32] } error: irregular|[Ss]hape|[Ss]ize|[Ll]imitation
-- entry: other_ctor
-- input { [1i32, -5i32, 2i32] } output { 6i32 }
-- entry: literal_tuple
-- input { [1i64, 2i64] } output { [2i64, 2i64] }
-- input { [1i64, -2i64] } error: Cannot construct an irregular array: row 1 holds an array of shape \[2\] where an earlier row holds one of shape \[1\]
-- entry: literal_payload
-- input { [1i64, 2i64] } output { 4i64 }
-- input { [1i64, 2i64, 3i64] } error: Cannot construct an irregular array: row 2 holds an array of shape \[2\] where an earlier row holds one of shape \[3\]
-- entry: literal_array
-- input { [1i64, 2i64] } output { [[1i64, 2i64], [0i64, 1i64]] }
-- input { [1i64] } error: Cannot construct an irregular array: row 1 has shape \[2\], but row 0 has shape \[1\]

entry in_tuple (xs: []i32) =
  let ps = map (\x -> if x > 0 then ([x, x], x) else ([x], x)) xs
  in map (\(a, _) -> length a) ps

entry in_record (xs: []i32) =
  let rs = map (\x -> if x > 0 then {a = [x, x]} else {a = [x]}) xs
  in i32.sum (map (\r -> i32.sum r.a) rs)

entry in_payload (xs: []i32) =
  let os = map (\x -> if x > 0 then #some [x, x] else #some [x]) xs : [](#none | #some ([]i32))
  in i32.sum (map (\o -> match o case #some ys -> i32.sum ys case #none -> 0) os)

-- A row holding #none says nothing about #some's payload.
entry other_ctor (xs: []i32) =
  let os = map (\x -> if x > 0 then #some [x, x] else #none) xs : [](#none | #some ([]i32))
  in i32.sum (map (\o -> match o case #some ys -> i32.sum ys case #none -> 0) os)

def pos (xs: []i64) = filter (> 0) xs

entry literal_tuple (xs: []i64) =
  map (\(a, _) -> length a) [(pos xs, 1), (iota 2, 2)]

entry literal_payload (xs: []i64) =
  let os = [#some (pos xs), #none, #some (iota 2)] : [](#some ([]i64) | #none)
  in i64.sum (map (\o -> match o case #some ys -> i64.sum ys case #none -> 0) os)

entry literal_array (xs: []i64) = [pos xs, iota 2]
