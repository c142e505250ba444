-- An index may be of any integer type, signed or unsigned (as in Futhark); a slice's
-- bounds are i64.  An unsigned index is not negative (255u8 is 255, out of bounds here).
-- ==
-- input { [1f32, 2, 3, 4] 1 2u8 3u64 0i8 }
-- output { 2f32 3f32 4f32 1f32 [1f32, 0, 3, 4] [1f32, 2, 9, 4] 6f32 }
-- input { [1f32, 2, 3, 4] -1 2u8 3u64 0i8 }
-- error: Index \[-1\] out of bounds
-- input { [1f32, 2, 3, 4] 1 255u8 3u64 0i8 }
-- error: Index \[255\] out of bounds

def main (xs: []f32) (i: i32) (j: u8) (k: u64) (l: i8) =
  let ys = copy xs
  let ys[i] = 0
  in (xs[i], xs[j], xs[k], xs[l], ys, copy xs with [j] = 9,
      loop s = 0f32 for q < i32.i64 (length xs) - 1 do s + xs[q])

-- An index whose type the lambda leaves open takes the array's element type it is
-- mapped over (i32, u8), and is i64 where nothing fixes it.
-- ==
-- entry: gathers
-- input { [1f32, 2, 3, 4] [3, 0] [1u8, 2u8] } output { [4f32, 1] [2f32, 3] 2f32 }
def at (xs: []f32) i = xs[i]

entry gathers (xs: []f32) (is: []i32) (js: []u8) =
  (map (\i -> xs[i]) is, map (\j -> xs[j]) js, at xs 1)
