-- Canny edge detection: 5x5 Gaussian blur and Sobel stencils, non-maximum suppression by gradient direction, double threshold and hysteresis as a while loop growing strong edges into weak neighbours.
-- ==
-- entry: canny
-- "fading step"
-- input { [[0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 180u8, 180u8, 180u8, 180u8, 180u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 166u8, 166u8, 166u8, 166u8, 166u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 152u8, 152u8, 152u8, 152u8, 152u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 138u8, 138u8, 138u8, 138u8, 138u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 124u8, 124u8, 124u8, 124u8, 124u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 110u8, 110u8, 110u8, 110u8, 110u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 96u8, 96u8, 96u8, 96u8, 96u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 82u8, 82u8, 82u8, 82u8, 82u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 68u8, 68u8, 68u8, 68u8, 68u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 54u8, 54u8, 54u8, 54u8, 54u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 40u8, 40u8, 40u8, 40u8, 40u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 26u8, 26u8, 26u8, 26u8, 26u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 12u8, 12u8, 12u8, 12u8, 12u8]] 20.0f64 350.0f64 }
-- output { [[0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8]] 8 }
-- "square"
-- input { [[0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 200u8, 200u8, 200u8, 200u8, 200u8, 0u8, 0u8], [0u8, 0u8, 0u8, 200u8, 200u8, 200u8, 200u8, 200u8, 0u8, 0u8], [0u8, 0u8, 0u8, 200u8, 200u8, 90u8, 200u8, 200u8, 0u8, 0u8], [0u8, 0u8, 0u8, 200u8, 200u8, 200u8, 200u8, 200u8, 0u8, 0u8], [0u8, 0u8, 0u8, 200u8, 200u8, 200u8, 200u8, 200u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8]] 30.5f64 150.25f64 }
-- output { [[0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 255u8, 255u8, 255u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8], [0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8], [0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8], [0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 0u8, 0u8, 255u8, 0u8], [0u8, 0u8, 0u8, 255u8, 0u8, 0u8, 0u8, 255u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 255u8, 255u8, 255u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8]] 1 }
-- "flat"
-- input { [[77u8, 77u8, 77u8, 77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8, 77u8, 77u8, 77u8]] 1.0f64 2.0f64 }
-- output { [[0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8], [0u8, 0u8, 0u8, 0u8, 0u8, 0u8, 0u8]] 1 }
-- "one pixel"
-- input { [[255u8]] 1.0f64 2.0f64 }
-- output { [[0u8]] 1 }
-- "empty"
-- input { empty([0][0]u8) 1.0f64 2.0f64 }
-- output { empty([0][0]u8) 1 }
-- "one row"
-- input { [[0u8, 0u8, 0u8, 50u8, 200u8, 200u8, 10u8, 0u8, 255u8, 255u8]] 15.0f64 60.0f64 }
-- output { [[0u8, 0u8, 0u8, 255u8, 0u8, 255u8, 0u8, 0u8, 255u8, 0u8]] 1 }
-- entry: suppressed
-- "small"
-- input { [[10u8, 10u8, 10u8, 10u8, 10u8, 10u8], [10u8, 10u8, 200u8, 200u8, 10u8, 10u8], [10u8, 10u8, 200u8, 90u8, 10u8, 10u8], [10u8, 10u8, 10u8, 10u8, 10u8, 10u8], [0u8, 0u8, 0u8, 0u8, 0u8, 255u8]] }
-- output { [[0.0f64, 170.1184118426091f64, 0.0f64, 139.4419091252978f64, 162.85877236528626f64, 0.0f64], [0.0f64, 217.20585719407768f64, 0.0f64, 0.0f64, 202.3645395328726f64, 0.0f64], [0.0f64, 218.96003449054706f64, 0.0f64, 143.48923624854044f64, 0.0f64, 0.0f64], [0.0f64, 190.6016331093344f64, 226.9103808177395f64, 0.0f64, 0.0f64, 327.3025266778834f64], [0.0f64, 0.0f64, 0.0f64, 0.0f64, 347.9633694366787f64, 289.9421213204806f64]] }
-- entry: canny_gen
-- "gen 70x65"
-- input { 70i64 65i64 7i64 12.0f64 40.0f64 }
-- output { [4, 10, 6, 6, 6, 6, 8, 5, 6, 11, 8, 7, 5, 21, 7, 6, 13, 8, 5, 14, 15, 10, 6, 4, 4, 4, 4, 3, 3, 9, 9, 6, 3, 3, 5, 5, 17, 5, 2, 10, 5, 7, 7, 6, 6, 7, 8, 6, 8, 15, 11, 11, 5, 5, 12, 12, 8, 17, 15, 13, 16, 11, 10, 12, 13, 16, 12, 13, 15, 8] 599i64 44 }
-- "gen 33x37"
-- input { 33i64 37i64 1i64 8.0f64 30.0f64 }
-- output { [6, 13, 19, 5, 2, 19, 6, 5, 11, 8, 8, 4, 3, 3, 6, 5, 11, 4, 5, 7, 8, 5, 13, 9, 4, 2, 7, 9, 9, 14, 11, 8, 3] 252i64 8 }

def clampi (lo: i64) (hi: i64) (x: i64) : i64 = i64.max lo (i64.min hi x)

-- 5x5 binomial Gaussian ([1 4 6 4 1] outer itself / 256), clamped borders.
def blur [h] [w] (img: [h][w]u8) : [h][w]f64 =
  let k = [1.0, 4.0, 6.0, 4.0, 1.0]
  in tabulate_2d h w (\i j ->
       let s = loop s = 0.0 for a < 5 do
                 loop s for b < 5 do
                   let y = clampi 0 (h - 1) (i + a - 2)
                   let x = clampi 0 (w - 1) (j + b - 2)
                   in s + k[a] * k[b] * f64.u8 img[y, x]
       in s / 256.0)

-- Sobel gradients (x along columns, y down the rows), clamped borders.
def sobel [h] [w] (p: [h][w]f64) : ([h][w]f64, [h][w]f64) =
  let at (y: i64) (x: i64) = p[clampi 0 (h - 1) y, clampi 0 (w - 1) x]
  let g i j =
    let gx = (at (i - 1) (j + 1) + 2 * at i (j + 1) + at (i + 1) (j + 1))
             - (at (i - 1) (j - 1) + 2 * at i (j - 1) + at (i + 1) (j - 1))
    let gy = (at (i + 1) (j - 1) + 2 * at (i + 1) j + at (i + 1) (j + 1))
             - (at (i - 1) (j - 1) + 2 * at (i - 1) j + at (i - 1) (j + 1))
    in (gx, gy)
  let gs = tabulate_2d h w g
  in (map (map (.0)) gs, map (map (.1)) gs)

-- Non-maximum suppression: the gradient's direction, folded into [0, pi),
-- picks one of four neighbour pairs; a magnitude survives if it is at
-- least both neighbours' (outside the image counts as 0).
def nms [h] [w] (gx: [h][w]f64) (gy: [h][w]f64) : [h][w]f64 =
  let mag = map2 (map2 (\x y -> f64.sqrt (x * x + y * y))) gx gy
  let at (y: i64) (x: i64) = if y >= 0 && y < h && x >= 0 && x < w then mag[y, x] else 0
  in tabulate_2d h w (\i j ->
       let m = mag[i, j]
       let a = f64.atan2 gy[i, j] gx[i, j]
       let a = if a < 0 then a + f64.pi else a
       let (di, dj) = if a < f64.pi / 8 || a >= 7 * f64.pi / 8 then (0, 1)
                      else if a < 3 * f64.pi / 8 then (1, 1)
                      else if a < 5 * f64.pi / 8 then (1, 0)
                      else (1, -1)
       in if m >= at (i + di) (j + dj) && m >= at (i - di) (j - dj) then m else 0)

-- Double threshold, then hysteresis: weak pixels touching an edge pixel
-- (8-neighbourhood) become edges, until a pass changes nothing.  Returns
-- the edges and the number of passes.
def hysteresis [h] [w] (nm: [h][w]f64) (low: f64) (high: f64) : ([h][w]bool, i32) =
  let strong = map (map (>= high)) nm
  let weak = map (map (>= low)) nm
  let (edges, _, passes) =
    loop (e, changed, passes) = (strong, true, 0) while changed do
      let touches i j =
        loop t = false for a < 3 do
          loop t for b < 3 do
            let y = i + a - 1
            let x = j + b - 1
            in t || (y >= 0 && y < h && x >= 0 && x < w && e[y, x])
      let e' = tabulate_2d h w (\i j -> e[i, j] || (weak[i, j] && touches i j))
      let changed' = reduce (||) false (map2 (!=) (flatten e) (flatten e'))
      in (e', changed', passes + 1)
  in (edges, passes)

def canny_bool [h] [w] (img: [h][w]u8) (low: f64) (high: f64) : ([h][w]bool, i32) =
  let (gx, gy) = sobel (blur img)
  in hysteresis (nms gx gy) low high

def mix (x: u64) : u64 =
  let x = x ^ (x >> 33)
  let x = x * 0xff51afd7ed558ccd
  let x = x ^ (x >> 33)
  let x = x * 0xc4ceb9fe1a85ec53
  in x ^ (x >> 33)

-- A test scene: a ramp background, a disc, a shaded rectangle and noise.
def gen_img (h: i64) (w: i64) (seed: i64) : [h][w]u8 =
  let (cy, cx, r) = (h / 2, w / 3, i64.min h w / 4)
  in tabulate_2d h w (\i j ->
       let v = 40 + (i * 3 + j) % 30
       let v = if (i - cy) * (i - cy) + (j - cx) * (j - cx) <= r * r then 200 else v
       let v = if i >= h / 5 && i < h / 5 + h / 3 && j >= w / 2 && j < w / 2 + w / 3
               then 120 + (j - w / 2) * 2 else v
       let n = i64.u64 (mix (u64.i64 seed * 0x9E3779B97F4A7C15 + u64.i64 (i * w + j)) % 21) - 10
       in u8.i64 (clampi 0 255 (v + n)))

-- Edge map (255 on edges) and the number of hysteresis passes.
entry canny [h] [w] (img: [h][w]u8) (low: f64) (high: f64) : ([h][w]u8, i32) =
  let (e, passes) = canny_bool img low high
  in (map (map (\b -> if b then 255 else 0)) e, passes)

-- Gradient magnitudes after non-maximum suppression.
entry suppressed [h] [w] (img: [h][w]u8) : [h][w]f64 =
  let (gx, gy) = sobel (blur img)
  in nms gx gy

-- A generated scene: edge pixels per row, in all, and the passes.
entry canny_gen (h: i64) (w: i64) (seed: i64) (low: f64) (high: f64) : ([h]i32, i64, i32) =
  let (e, passes) = canny_bool (gen_img h w seed) low high
  let rows = map (\r -> i32.sum (map i32.bool r)) e
  in (rows, i64.sum (map i64.i32 rows), passes)
