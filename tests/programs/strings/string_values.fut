-- A string in a test's values (or `loom run`'s input) is its UTF-8 bytes, an array of
-- u8, as in futhark-data's reader (used by Futhark's own tests and libraries); an
-- array's last element may be followed by a comma.
-- ==
-- input { "abc" } output { 294u32 3i64 }
-- input { "" } output { 0u32 0i64 }
-- input { "λ\n" } output { 403u32 3i64 }
-- entry: words
-- input { ["ab", "cd",] } output { [2i64, 2i64] [195u32, 199u32] }

entry main (s: []u8) = (reduce (+) 0 (map u32.u8 s), length s)

entry words (ws: [][]u8) = (map length ws, map (\w -> reduce (+) 0 (map u32.u8 w)) ws)
