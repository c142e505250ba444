-- Escape counts (a while loop a row) looked up in a palette (a checked index): one map.
-- The loop may not end, but a loop that never ends gives no result to keep, so fusion
-- interleaves it with what can fail; an index out of the palette still fails.
-- ==
-- structure { Screma 1 Map 0 }
-- input { [0f32, 0.5f32, 3f32] [10u32, 20u32, 30u32, 40u32] }
-- output { [40u32, 40u32, 30u32] }
-- input { [0f32] [10u32, 20u32] }
-- error: Index \[3\] out of bounds

entry main [n] (cs: [n]f32) (palette: []u32) : [n]u32 =
  let its = map (\c -> (loop (z, i) = (0f32, 0i64) while i < 3 && z < 4 do (z * z + c, i + 1)).1) cs
  in map (\i -> palette[i]) its
