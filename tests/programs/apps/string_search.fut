-- Text search over []u8: all positions of a pattern by a map over positions with an all-reduction over the pattern, matches per line by a scan of newline flags and reduce_by_index, first/last/count in one tuple reduction and the longest line by a segmented scan.
-- ==
-- entry: find_all
-- "overlapping"
-- input { [97u8, 98u8, 97u8, 98u8, 97u8, 98u8, 97u8] [97u8, 98u8, 97u8] }
-- output { [0i64, 2i64, 4i64] }
-- "no match"
-- input { [104u8, 101u8, 108u8, 108u8, 111u8, 10u8, 119u8, 111u8, 114u8, 108u8, 100u8] [120u8, 121u8, 122u8] }
-- output { empty([0]i64) }
-- "empty text"
-- input { empty([0]u8) [97u8, 98u8] }
-- output { empty([0]i64) }
-- "empty pattern"
-- input { [97u8, 98u8, 10u8, 99u8] empty([0]u8) }
-- output { [0i64, 1i64, 2i64, 3i64, 4i64] }
-- "pattern longer than text"
-- input { [97u8, 98u8] [97u8, 98u8, 99u8] }
-- output { empty([0]i64) }
-- "random 60 over a, b, newline"
-- input { [10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8] [97u8, 97u8, 98u8] }
-- output { empty([0]i64) }
-- entry: count_per_line
-- "lines"
-- input { [116u8, 104u8, 101u8, 32u8, 99u8, 97u8, 116u8, 10u8, 115u8, 97u8, 116u8, 32u8, 111u8, 110u8, 32u8, 116u8, 104u8, 101u8, 10u8, 109u8, 97u8, 116u8, 10u8, 10u8, 116u8, 104u8, 101u8, 32u8, 101u8, 110u8, 100u8] [116u8, 104u8, 101u8] }
-- output { [1, 1, 0, 0, 1] }
-- "empty text"
-- input { empty([0]u8) [97u8, 98u8] }
-- output { [0] }
-- "empty pattern"
-- input { [97u8, 98u8, 10u8, 99u8] empty([0]u8) }
-- output { [3, 2] }
-- "newline in pattern"
-- input { [97u8, 10u8, 98u8, 10u8, 97u8, 10u8, 98u8] [10u8, 98u8] }
-- output { [1, 0, 1, 0] }
-- "one char"
-- input { [120u8] [120u8] }
-- output { [1] }
-- "random 60 over a, b, newline"
-- input { [10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8] [97u8, 97u8, 98u8] }
-- output { [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }
-- entry: stats
-- "overlapping"
-- input { [97u8, 98u8, 97u8, 98u8, 97u8, 98u8, 97u8] [97u8, 98u8, 97u8] }
-- output { 3i64 0i64 4i64 7i64 }
-- "lines"
-- input { [116u8, 104u8, 101u8, 32u8, 99u8, 97u8, 116u8, 10u8, 115u8, 97u8, 116u8, 32u8, 111u8, 110u8, 32u8, 116u8, 104u8, 101u8, 10u8, 109u8, 97u8, 116u8, 10u8, 10u8, 116u8, 104u8, 101u8, 32u8, 101u8, 110u8, 100u8] [116u8, 104u8, 101u8] }
-- output { 3i64 0i64 24i64 10i64 }
-- "no match"
-- input { [104u8, 101u8, 108u8, 108u8, 111u8, 10u8, 119u8, 111u8, 114u8, 108u8, 100u8] [120u8, 121u8, 122u8] }
-- output { 0i64 -1i64 -1i64 5i64 }
-- "empty text"
-- input { empty([0]u8) [97u8, 98u8] }
-- output { 0i64 -1i64 -1i64 0i64 }
-- "empty pattern"
-- input { [97u8, 98u8, 10u8, 99u8] empty([0]u8) }
-- output { 5i64 0i64 4i64 2i64 }
-- "random 60 over a, b, newline"
-- input { [10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 98u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 10u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 97u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8] [97u8, 97u8, 98u8] }
-- output { 0i64 -1i64 -1i64 95i64 }

-- Whether pat occurs at every start position (overlapping matches count): a
-- map over the positions with an all-reduction over the pattern inside.
def matches [n][m] (text: [n]u8) (pat: [m]u8) : []bool =
  let np = i64.max 0 (n - m + 1)
  in tabulate np (\i -> map2 (\j c -> text[i + j] == c) (iota m) pat |> reduce (&&) true)

entry find_all [n][m] (text: [n]u8) (pat: [m]u8) : []i64 =
  let ok = matches text pat
  in zip (indices ok) ok |> filter (.1) |> map (.0)

-- Matches per line (lines end at '\n'; the text after the last one is a line
-- too): every position's line from an exclusive scan of newline flags, then a
-- reduce_by_index of the match flags.
entry count_per_line [n][m] (text: [n]u8) (pat: [m]u8) : []i32 =
  let nl = map (\c -> i64.bool (c == '\n')) text
  let line = map2 (-) (scan (+) 0 nl) nl
  let nlines = 1 + i64.sum nl
  let ok = matches text pat
  in reduce_by_index (replicate nlines 0i32) (+) 0
                     (map (\i -> if i < n then line[i] else nlines - 1) (indices ok)) (map i32.bool ok)

-- The number of matches, the first and last (-1 when none) in one tuple
-- reduction, and the longest line's length from a scan with a reset at each
-- newline (a segmented sum by flags) and a max-reduction.
entry stats [n][m] (text: [n]u8) (pat: [m]u8) : (i64, i64, i64, i64) =
  let ok = matches text pat
  let (count, first, last) =
    map2 (\i b -> if b then (1, i, i) else (0, i64.highest, -1)) (indices ok) ok
    |> reduce (\(c1, f1, l1) (c2, f2, l2) -> (c1 + c2, i64.min f1 f2, i64.max l1 l2))
              (0, i64.highest, -1)
  let seg (f1: bool, x1: i64) (f2: bool, x2: i64) = (f1 || f2, if f2 then x2 else x1 + x2)
  let longest = map (\c -> if c == '\n' then (true, 0) else (false, 1)) text
                |> scan seg (false, 0) |> map (.1) |> reduce i64.max 0
  in (count, if count == 0 then -1 else first, last, longest)
