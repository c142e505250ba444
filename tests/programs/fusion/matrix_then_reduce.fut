-- A matrix defined first, then reduced (`replicate m 0` between the two): its map fuses
-- into the reduction, as it would written in place, since an `iota` whose size was
-- checked before cannot fail inside it.  A negative size still fails first where the
-- interpreter fails.
-- ==
-- structure { Reduce 0 Screma 1 }
-- input { 3i64 4i64 } output { [0i64, 3i64, 6i64, 9i64] }
-- input { 0i64 2i64 } output { [0i64, 0i64] }
-- input { 3i64 -1i64 } error: Range 0..1..<-1 is invalid
-- input { 0i64 -1i64 } error: negative size -1

entry main (n: i64) (m: i64) : []i64 =
  let a = tabulate_2d n m (\i j -> i * j)
  in reduce (map2 (+)) (replicate m 0) a
