-- Areas and perimeters of a circle/rect/triangle sum type, through records, record updates and field projections.
-- ==
-- entry: main
-- "mixed" input { [0, 1, 2, 1, 7, 0] [1.0, 2.0, 3.0, 1.5, 1.0, 0.5] [0.0, 3.0, 4.0, 4.0, 1.0, 9.0] [0.0, 0.0, 5.0, 0.0, 3.0, 0.0] [1.0, 1.0, 2.0, -1.0, 1.0, 4.0] } output { [3.141592653589793, 6.0, 24.0, 0.0, 0.0, 12.566370614359172] [6.283185307179586, 10.0, 24.0, 0.0, 5.0, 12.566370614359172] }
-- "empty" input { empty([0]i32) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) } output { empty([0]f64) empty([0]f64) }
-- "one" input { [2] [2.0] [2.0] [2.0] [1.0] } output { [1.7320508075688772] [6.0] }
-- "ties" input { [1, 1, 0] [2.0, 4.0, 1.0] [3.0, 1.5, 0.0] [0.0, 0.0, 0.0] [1.0, 1.0, 0.5] } output { [6.0, 6.0, 0.7853981633974483] [10.0, 11.0, 3.141592653589793] }
-- entry: per_kind
-- "mixed" input { [0, 1, 2, 1, 7, 0] [1.0, 2.0, 3.0, 1.5, 1.0, 0.5] [0.0, 3.0, 4.0, 4.0, 1.0, 9.0] [0.0, 0.0, 5.0, 0.0, 3.0, 0.0] [1.0, 1.0, 2.0, -1.0, 1.0, 4.0] } output { [15.707963267948966, 6.0, 24.0] [5, 1, 2] }
-- "empty" input { empty([0]i32) empty([0]f64) empty([0]f64) empty([0]f64) empty([0]f64) } output { [0.0, 0.0, 0.0] [-1, -1, -1] }
-- "one" input { [2] [2.0] [2.0] [2.0] [1.0] } output { [0.0, 0.0, 1.7320508075688772] [-1, -1, 0] }
-- "ties" input { [1, 1, 0] [2.0, 4.0, 1.0] [3.0, 1.5, 0.0] [0.0, 0.0, 0.0] [1.0, 1.0, 0.5] } output { [0.7853981633974483, 12.0, 0.0] [2, 0, -1] }

type shape = #circle f64 | #rect f64 f64 | #tri f64 f64 f64

type item = {id: i32, shape: shape, scale: f64}

type metrics = {area: f64, perim: f64}

-- Kind 0: circle of radius a; 1: a-by-b rectangle; otherwise a triangle a b c.
def mk_shape (k: i32) (a: f64) (b: f64) (c: f64) : shape =
  match k
  case 0 -> #circle a
  case 1 -> #rect a b
  case _ -> #tri a b c

def kind (s: shape) : i64 =
  match s
  case #circle _ -> 0
  case #rect _ _ -> 1
  case #tri _ _ _ -> 2

def scale_shape (f: f64) (s: shape) : shape =
  match s
  case #circle r -> #circle (f * r)
  case #rect w h -> #rect (f * w) (f * h)
  case #tri a b c -> #tri (f * a) (f * b) (f * c)

-- Heron's formula; an impossible triangle gets area 0.
def measure (s: shape) : metrics =
  match s
  case #circle r -> {area = f64.pi * r * r, perim = 2 * f64.pi * r}
  case #rect w h -> {area = w * h, perim = 2 * (w + h)}
  case #tri a b c ->
    let p = (a + b + c) / 2
    in {area = f64.sqrt (f64.max 0 (p * (p - a) * (p - b) * (p - c))), perim = a + b + c}

-- Negative scales are clamped to 0, then the scale is applied to the shape
-- and reset to 1.
def normalise (it: item) : item =
  let it = if it.scale < 0 then it with scale = 0 else it
  let it = it with shape = scale_shape it.scale it.shape
  in it with scale = 1

def items [n] (ks: [n]i32) (as: [n]f64) (bs: [n]f64) (cs: [n]f64) (scales: [n]f64) : [n]item =
  map5 (\k a b c s -> {id = i32.i64 0, shape = mk_shape k a b c, scale = s}) ks as bs cs scales
  |> zip (iota n)
  |> map (\(i, it) -> it with id = i32.i64 i)

-- Records of arrays: the table of all metrics.
type table [n] = {areas: [n]f64, perims: [n]f64}

def tabulate_metrics [n] (its: [n]item) : table [n] =
  let ms = map (\it -> measure (normalise it).shape) its
  in {areas = map (.area) ms, perims = map (.perim) ms}

entry main [n] (ks: [n]i32) (as: [n]f64) (bs: [n]f64) (cs: [n]f64) (scales: [n]f64)
    : ([n]f64, [n]f64) =
  let {areas, perims} = tabulate_metrics (items ks as bs cs scales)
  in (areas, perims)

-- Per kind: total area, and the id of the largest shape (-1 if none; the
-- first id on ties), found by a sequential loop over an array of records.
type best = {id: i32, area: f64}
type acc = {total: f64, best: best}

entry per_kind [n] (ks: [n]i32) (as: [n]f64) (bs: [n]f64) (cs: [n]f64) (scales: [n]f64)
    : ([3]f64, [3]i32) =
  let its = map normalise (items ks as bs cs scales)
  let init : acc = {total = 0, best = {id = -1, area = -1}}
  let accs =
    loop accs = replicate 3 init for it in its do
      let k = kind it.shape
      let a = (measure it.shape).area
      let acc = accs[k]
      let acc = acc with total = acc.total + a
      let acc = if a > acc.best.area then (acc with best.id = it.id) with best.area = a else acc
      in accs with [k] = acc
  in (map (.total) accs, map (.best.id) accs)
