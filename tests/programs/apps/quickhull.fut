-- Quickhull convex hull with an explicit work list of segments: partition/filter, hist and reduce_by_index argmax per segment, flattened splits; hull size, area and perimeter, f64.
-- ==
-- entry: main
-- "square with interior, edge and duplicate points"
-- input { [0.0f64, 4.0f64, 4.0f64, 0.0f64, 2.0f64, 1.0f64, 3.0f64, 2.0f64, 4.0f64, 0.0f64] [0.0f64, 0.0f64, 3.0f64, 3.0f64, 1.0f64, 2.0f64, 2.0f64, 0.0f64, 1.5f64, 3.0f64] }
-- output { 4i64 12.0f64 14.0f64 }
-- "20 random points"
-- input { [6.9f64, -6.8f64, 1.2f64, -2.6f64, -5.7f64, -2.3f64, -1.4f64, 2.2f64, 4.7f64, -9.7f64, -4.9f64, 2.1f64, -8.3f64, 10.0f64, 6.6f64, -9.3f64, 1.4f64, 2.2f64, -9.9f64, -6.4f64] [-6.7f64, -0.8f64, 1.3f64, -1.0f64, 8.4f64, 6.3f64, -2.0f64, -5.9f64, -2.8f64, 7.2f64, -3.0f64, 9.8f64, 1.3f64, -5.3f64, 3.2f64, 3.2f64, 0.3f64, -4.4f64, 2.6f64, -0.4f64] }
-- output { 9i64 209.645f64 57.19382861879966f64 }
-- "collinear points"
-- input { [0.0f64, 1.0f64, 2.0f64, 3.0f64, 1.5f64] [0.0f64, 2.0f64, 4.0f64, 6.0f64, 3.0f64] }
-- output { 2i64 0.0f64 13.416407864998739f64 }
-- "all points equal"
-- input { [2.5f64, 2.5f64, 2.5f64] [-1.0f64, -1.0f64, -1.0f64] }
-- output { 1i64 0.0f64 0.0f64 }
-- "no points"
-- input { empty([0]f64) empty([0]f64) }
-- output { 0i64 0.0f64 0.0f64 }
-- entry: polygon
-- "hexagon with 30 interior points"
-- input { 6i64 30i64 2.0f64 }
-- output { 6i64 10.392304845413262f64 12.0f64 }
-- "triangle, no interior"
-- input { 3i64 0i64 1.0f64 }
-- output { 3i64 1.299038105676658f64 5.196152422706632f64 }
-- "64-gon"
-- input { 64i64 100i64 10.0f64 }
-- output { 64i64 313.65484905459385f64 62.806623139095045f64 }
-- "one vertex and one interior point"
-- input { 1i64 1i64 5.0f64 }
-- output { 2i64 0.0f64 7.5f64 }
-- "nothing"
-- input { 0i64 0i64 1.0f64 }
-- output { 0i64 0.0f64 0.0f64 }

type point = {x: f64, y: f64}

-- Twice the signed area of the triangle (a, b, p): positive when p lies to
-- the left of the directed line a -> b.
def cross (a: point) (b: point) (p: point) : f64 =
  (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)

def lex_less (p: point) (q: point) : bool = p.x < q.x || (p.x == q.x && p.y < q.y)

def dist (a: point) (b: point) : f64 = f64.sqrt ((b.x - a.x) ** 2 + (b.y - a.y) ** 2)

-- Farthest point of a segment: larger distance, then lower index.
def farther (d1: f64, i1: i64) (d2: f64, i2: i64) : (f64, i64) =
  if d1 > d2 || (d1 == d2 && i1 < i2) then (d1, i1) else (d2, i2)

-- Quickhull with an explicit work list.  A segment (a, b) owns the points
-- strictly to the right of a -> b; each round splits every segment that owns
-- points at its farthest point f into (a, f) and (f, b), and a segment that
-- owns no points is a hull edge.  Collinear and duplicate points are not
-- vertices.  Returns (vertices, area, perimeter).
def quickhull [n] (ps: [n]point) : (i64, f64, f64) =
  if n == 0 then (0, 0, 0) else
  let lm = reduce (\p q -> if lex_less q p then q else p) ps[0] ps
  let rm = reduce (\p q -> if lex_less p q then q else p) ps[0] ps
  in if lm == rm then (1, 0, 0) else
  let (below, rest) = partition (\p -> cross lm rm p < 0) ps
  let above = filter (\p -> cross rm lm p < 0) rest
  let segs0 = [(lm, rm), (rm, lm)]
  let pts0 = map (\p -> (p, 0i64)) below ++ map (\p -> (p, 1i64)) above
  let (_, _, edges, area2, perim) =
    loop (segs, pts, edges, area2, perim) = (segs0, pts0, 0i64, 0f64, 0f64)
    while length segs > 0 do
      let s = length segs
      let (pp, owner) = unzip pts
      let d = map2 (\p i -> let (a, b) = segs[i] in -(cross a b p)) pp owner
      let counts = hist (+) 0i64 s owner (map (const 1) pp)
      let best = reduce_by_index (replicate s (-f64.inf, i64.highest)) farther
                                 (-f64.inf, i64.highest) owner (zip d (indices pp))
      -- finished segments become hull edges
      let finished = map2 (\(a, b) c -> if c == 0 then (1i64, a.x * b.y - b.x * a.y, dist a b)
                                        else (0, 0, 0)) segs counts
      let (e1, a1, p1) = unzip3 finished
      -- the others split at their farthest point
      let live = map (> 0) counts
      let rank = map2 (-) (scan (+) 0 (map i64.bool live)) (map i64.bool live)
      let far = map2 (\c (_, k) -> if c > 0 then pp[k] else {x = 0, y = 0}) counts best
      let split = filter (\(l, _, _) -> l) (zip3 live segs far)
                  |> map (\(_, (a, b), f) -> [(a, f), (f, b)])
                  |> flatten
      let moved = map2 (\p i -> let (a, b) = segs[i]
                               let f = far[i]
                               in if cross a f p < 0 then (p, 2 * rank[i])
                                  else if cross f b p < 0 then (p, 2 * rank[i] + 1)
                                  else (p, -1))
                       pp owner
      let pts' = filter (\(_, j) -> j >= 0) moved
      in (split, pts', edges + i64.sum e1, area2 + f64.sum a1, perim + f64.sum p1)
  in (edges, f64.abs area2 / 2, perim)

entry main [n] (xs: [n]f64) (ys: [n]f64) : (i64, f64, f64) =
  quickhull (map2 (\x y -> {x, y}) xs ys)

-- k vertices of a regular polygon of radius r, plus m interior points on a
-- spiral inside radius r/2; the hull is the polygon itself.
entry polygon (k: i64) (m: i64) (r: f64) : (i64, f64, f64) =
  let ring = tabulate k (\i -> let t = 2 * f64.pi * f64.i64 i / f64.i64 k
                               in {x = r * f64.cos t, y = r * f64.sin t})
  let inner = tabulate m (\j -> let t = 0.7 * f64.i64 j
                                let rr = r / 2 * f64.i64 (j + 1) / f64.i64 (m + 1)
                                in {x = rr * f64.cos t, y = rr * f64.sin t})
  in quickhull (inner ++ ring)
