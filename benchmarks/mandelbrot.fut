-- Mandelbrot set: the escape iteration count of each pixel of a w×h grid over
-- [-2, 1] × [-1.5, 1.5], at most `limit` iterations.  A 2-D map of while loops
-- (irregular work per element).
-- ==
-- nobench input { 4i64 3i64 100i32 }
-- output { [[1i32, 2i32, 2i32, 2i32], [1i32, 4i32, 100i32, 100i32], [1i32, 4i32, 100i32, 100i32]] }
-- notest input { 1024i64 1024i64 100i32 }

def escape (limit: i32) (cr: f32) (ci: f32) : i32 =
  let (_, _, i) =
    loop (zr, zi, i) = (0f32, 0f32, 0i32)
    while i < limit && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, i + 1)
  in i

entry main (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  tabulate_2d h w (\y x ->
    let cr = -2 + 3 * f32.i64 x / f32.i64 w
    let ci = -1.5 + 3 * f32.i64 y / f32.i64 h
    in escape limit cr ci)
