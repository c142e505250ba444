-- A tiny ray tracer: a ray per pixel against a few spheres, nearest hit by an argmin tuple reduction into a hit/miss sum type, one shadow ray, toon shading to ARGB u32 pixels.
-- ==
-- entry: render
-- "8x5 three spheres"
-- input { 8i64 5i64 0.550000012f32 0.800000012f32 0.349999994f32 [0f32, 1.20000005f32, -0.699999988f32] [0f32, 0.899999976f32, -0.600000024f32] [-3f32, -4.5f32, -1.89999998f32] [1f32, 0.699999988f32, 0.349999994f32] [14692384u32, 2146368u32, 3166448u32] }
-- output { [[4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32], [4278213088u32, 4278213088u32, 4278213088u32, 4278213088u32, 4278213088u32, 4278213088u32, 4278213088u32, 4278213088u32], [4278219744u32, 4278219744u32, 4278219744u32, 4280026628u32, 4285536272u32, 4278219744u32, 4278219744u32, 4278219744u32], [4278226144u32, 4278226144u32, 4278226144u32, 4278226144u32, 4278226144u32, 4278226144u32, 4278226144u32, 4278226144u32], [4278232800u32, 4278232800u32, 4278232800u32, 4278232800u32, 4278232800u32, 4278232800u32, 4278232800u32, 4278232800u32]] }
-- "13x9 five spheres with shadows"
-- input { 13i64 9i64 0.550000012f32 0.800000012f32 0.349999994f32 [0f32, 1.29999995f32, -0.899999976f32, -1.89999998f32, 0f32] [-0.200000003f32, 0.699999988f32, -0.550000012f32, 0.800000012f32, -6.30000019f32] [-3.5f32, -4.5999999f32, -2.20000005f32, -5f32, -4f32] [1f32, 0.800000012f32, 0.400000006f32, 0.899999976f32, 5f32] [14692384u32, 2146368u32, 3166448u32, 15790320u32, 8421504u32] }
-- output { [[4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32], [4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32, 4278210272u32], [4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32, 4278213856u32], [4278217440u32, 4278217440u32, 4278217440u32, 4278217440u32, 4286085240u32, 4290032820u32, 4289209368u32, 4278726672u32, 4279799856u32, 4278217440u32, 4278217440u32, 4278217440u32, 4278217440u32], [4278221024u32, 4278221024u32, 4278221024u32, 4278221024u32, 4280163870u32, 4280026628u32, 4285536272u32, 4289209368u32, 4278221024u32, 4278221024u32, 4278221024u32, 4278221024u32, 4278221024u32], [4278224864u32, 4278224864u32, 4278224864u32, 4278224864u32, 4280169110u32, 4280026628u32, 4280026628u32, 4281863176u32, 4278224864u32, 4278224864u32, 4278224864u32, 4278224864u32, 4278224864u32], [4278228448u32, 4278228448u32, 4278228448u32, 4278228448u32, 4278585886u32, 4279242768u32, 4279242768u32, 4285558896u32, 4285558896u32, 4278228448u32, 4278228448u32, 4278228448u32, 4278228448u32], [4278232032u32, 4278232032u32, 4278232032u32, 4279242768u32, 4283453520u32, 4284506208u32, 4284506208u32, 4285558896u32, 4285558896u32, 4285558896u32, 4278232032u32, 4278232032u32, 4278232032u32], [4278235616u32, 4278235616u32, 4282400832u32, 4283453520u32, 4284506208u32, 4284506208u32, 4284506208u32, 4285558896u32, 4285558896u32, 4285558896u32, 4285558896u32, 4278235616u32, 4278235616u32]] }
-- "1x1 centre hit"
-- input { 1i64 1i64 0.300000012f32 0.400000006f32 1f32 [0f32] [0f32] [-3f32] [1f32] [16777215u32] }
-- output { [[4292861919u32]] }
-- "no spheres"
-- input { 4i64 2i64 0.550000012f32 0.800000012f32 0.349999994f32 empty([0]f32) empty([0]f32) empty([0]f32) empty([0]f32) empty([0]u32) }
-- output { [[4278206688u32, 4278206688u32, 4278206688u32, 4278206688u32], [4278223072u32, 4278223072u32, 4278223072u32, 4278223072u32]] }
-- "no columns"
-- input { 0i64 3i64 0.550000012f32 0.800000012f32 0.349999994f32 [0f32, 1.20000005f32, -0.699999988f32] [0f32, 0.899999976f32, -0.600000024f32] [-3f32, -4.5f32, -1.89999998f32] [1f32, 0.699999988f32, 0.349999994f32] [14692384u32, 2146368u32, 3166448u32] }
-- output { empty([3][0]u32) }
-- entry: stats
-- "80x60 five spheres"
-- input { 80i64 60i64 0.550000012f32 0.800000012f32 0.349999994f32 [0f32, 1.29999995f32, -0.899999976f32, -1.89999998f32, 0f32] [-0.200000003f32, 0.699999988f32, -0.550000012f32, 0.800000012f32, -6.30000019f32] [-3.5f32, -4.5999999f32, -2.20000005f32, -5f32, -4f32] [1f32, 0.800000012f32, 0.400000006f32, 0.899999976f32, 5f32] [14692384u32, 2146368u32, 3166448u32, 15790320u32, 8421504u32] }
-- output { 2260700800u32 [249i32, 72i32, 107i32, 99i32, 995i32] 124i32 1008.16089f32 }
-- "33x7 three spheres"
-- input { 33i64 7i64 -0.300000012f32 0.899999976f32 0.200000003f32 [0f32, 1.20000005f32, -0.699999988f32] [0f32, 0.899999976f32, -0.600000024f32] [-3f32, -4.5f32, -1.89999998f32] [1f32, 0.699999988f32, 0.349999994f32] [14692384u32, 2146368u32, 3166448u32] }
-- output { 1063933694u32 [5i32, 1i32, 2i32] 0i32 3.49956012f32 }
-- "no pixels"
-- input { 0i64 0i64 0.550000012f32 0.800000012f32 0.349999994f32 [0f32, 1.20000005f32, -0.699999988f32] [0f32, 0.899999976f32, -0.600000024f32] [-3f32, -4.5f32, -1.89999998f32] [1f32, 0.699999988f32, 0.349999994f32] [14692384u32, 2146368u32, 3166448u32] }
-- output { 0u32 [0i32, 0i32, 0i32] 0i32 0f32 }

type vec3 = {x: f32, y: f32, z: f32}
type sphere = {c: vec3, r: f32, col: u32}
type hit = #hit f32 i64 | #miss
type pixel = {argb: u32, id: i64, shadow: bool, inten: f32}

def dot (a: vec3) (b: vec3) : f32 = a.x * b.x + a.y * b.y + a.z * b.z
def add (a: vec3) (b: vec3) : vec3 = {x = a.x + b.x, y = a.y + b.y, z = a.z + b.z}
def sub (a: vec3) (b: vec3) : vec3 = {x = a.x - b.x, y = a.y - b.y, z = a.z - b.z}
def scale (s: f32) (a: vec3) : vec3 = {x = s * a.x, y = s * a.y, z = s * a.z}
def normalise (a: vec3) : vec3 = let l = f32.sqrt (dot a a) in {x = a.x / l, y = a.y / l, z = a.z / l}

def eps : f32 = 1e-3

-- Distance along the unit direction d to sphere s, infinity when missed.
def hit_t (o: vec3) (d: vec3) (s: sphere) : f32 =
  let oc = sub o s.c
  let b = dot oc d
  let cc = dot oc oc - s.r * s.r
  let disc = b * b - cc
  in if disc < 0 then f32.inf
     else let sq = f32.sqrt disc
          let t1 = -b - sq
          in if t1 > eps then t1
             else let t2 = -b + sq
                  in if t2 > eps then t2 else f32.inf

-- Smaller distance wins, ties go to the lower index.
def argmin ((ta, ia): (f32, i64)) ((tb, ib): (f32, i64)) : (f32, i64) =
  if ta < tb then (ta, ia)
  else if tb < ta then (tb, ib)
  else if ia <= ib then (ta, ia) else (tb, ib)

def nearest [s] (scene: [s]sphere) (o: vec3) (d: vec3) : hit =
  let (t, i) = map2 (\sp i -> let t = hit_t o d sp
                              in if t == f32.inf then (f32.inf, -1) else (t, i))
                    scene (iota s)
               |> reduce argmin (f32.inf, -1)
  in if i < 0 then #miss else #hit t i

def channel (c: u32) (shift: u32) (level: u32) : u32 =
  (((c >> shift) & 0xFF) * level / 8) << shift

def trace [s] (scene: [s]sphere) (light: vec3) (w: i64) (h: i64) (row: i64) (col: i64) : pixel =
  let aspect = f32.i64 w / f32.i64 h
  let dx = (2 * (f32.i64 col + 0.5) / f32.i64 w - 1) * aspect
  let dy = 1 - 2 * (f32.i64 row + 0.5) / f32.i64 h
  let o = {x = 0, y = 0, z = 0}
  let d = normalise {x = dx, y = dy, z = -1}
  in match nearest scene o d
     case #miss ->
       let g = u32.i64 (64 + row * 128 / h)
       in {argb = 0xFF000000 | (g << 8) | 0xE0, id = -1, shadow = false, inten = 0}
     case #hit t i ->
       let sp = scene[i]
       let p = add o (scale t d)
       let n = scale (1 / sp.r) (sub p sp.c)
       let ndl = dot n light
       let lambert = f32.max ndl 0
       let shadow = ndl > 0 && (let so = add p (scale eps n)
                                in any (\s2 -> hit_t so light s2 < f32.inf) scene)
       let inten = 0.15 + 0.85 * (if shadow then 0 else lambert)
       let level = u32.i64 (i64.min (i64.f32 (inten * 8)) 8)
       let argb = 0xFF000000 | channel sp.col 16 level | channel sp.col 8 level | channel sp.col 0 level
       in {argb, id = i, shadow, inten}

def image [s] (w: i64) (h: i64) (lx: f32) (ly: f32) (lz: f32)
              (cx: [s]f32) (cy: [s]f32) (cz: [s]f32) (r: [s]f32) (col: [s]u32) : [h][w]pixel =
  let scene = map5 (\x y z r col -> {c = {x, y, z}, r, col}) cx cy cz r col
  let light = normalise {x = lx, y = ly, z = lz}
  in tabulate_2d h w (trace scene light w h)

-- The image, row by row: misses get a blue gradient by row.
entry render [s] (w: i64) (h: i64) (lx: f32) (ly: f32) (lz: f32)
                 (cx: [s]f32) (cy: [s]f32) (cz: [s]f32) (r: [s]f32) (col: [s]u32) : [h][w]u32 =
  map (map (.argb)) (image w h lx ly lz cx cy cz r col)

-- A position-weighted checksum of the pixels (u32 wrap-around), the pixels
-- each sphere shows in, the shadowed pixels and the summed intensity.
entry stats [s] (w: i64) (h: i64) (lx: f32) (ly: f32) (lz: f32)
                (cx: [s]f32) (cy: [s]f32) (cz: [s]f32) (r: [s]f32) (col: [s]u32)
    : (u32, [s]i32, i32, f32) =
  let px = flatten (image w h lx ly lz cx cy cz r col)
  let checksum = reduce (+) 0 (map2 (\p k -> p.argb * u32.i64 (k + 1)) px (indices px))
  let counts = hist (+) 0 s (map (.id) px) (map (const 1) px)
  let shadowed = i32.sum (map (\p -> i32.bool p.shadow) px)
  in (checksum, counts, shadowed, f32.sum (map (.inten) px))
