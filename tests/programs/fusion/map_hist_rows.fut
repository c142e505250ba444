-- A map with an inner reduction (an argmin) gives the indices of a hist whose values are
-- the row sums: both maps fuse into the hist.
-- ==
-- input { [[3f32, 1f32, 2f32], [0f32, 5f32, 9f32], [4f32, 4f32, 1f32], [7f32, 2f32, 8f32]] }
-- output { [14f32, 23f32, 9f32] }

entry main [n][m] (xss: [n][m]f32) : [m]f32 =
  let nearest = map (\xs -> (reduce (\(a, i) (b, j) -> if b < a then (b, j) else (a, i))
                                     (f32.inf, 0) (zip xs (iota m))).1) xss
  in hist (+) 0f32 m nearest (map (\xs -> reduce (+) 0 xs) xss)
