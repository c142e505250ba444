-- Updates along mixed paths of slices and fields (the reference's
-- `exp with (slice | fieldid) (slice | "." fieldid)* = exp`, and the same after `let`).
type p = {x: i32, y: i32}
type q = {xs: [3]i32, k: i32}
type n = {inner: {a: i32, b: [2]f32}, c: i32}

def ps_of (xs: []i32) (ys: []i32) : *[]p = map2 (\x y -> {x, y}) xs ys
def cols (ps: []p) = (map (.x) ps, map (.y) ps)

entry a (xs: []i32) (ys: []i32) = cols (ps_of xs ys with [1].x = 7)
entry b (xs: [3]i32) (k: i32) = let r = {xs = copy xs, k} in (r with xs[1] = 9).xs
entry c (xss: [][3]i32) (ks: []i32) =
  let qs = map2 (\xs k -> {xs, k}) xss ks
  let qs = qs with [0].xs[2] = 5
  in (map (.xs) qs, map (.k) qs)
entry d (a: i32) (b: [2]f32) (c: i32) =
  let ns = [{inner = {a, b}, c}, {inner = {a = a + 1, b}, c}]
  let ns = ns with [1].inner.b[1] = 2.5
  in (map (.inner.b) ns, map (.inner.a) ns)
-- The target is an expression: it is evaluated once.
entry e (xs: []i32) (ys: []i32) = cols (copy (ps_of xs ys) with [0].y = 1)
entry f (xs: []i32) (ys: []i32) = let ps = ps_of xs ys let ps[0].x = 42 in cols ps
entry g (a: i32) (b: [2]f32) (c: i32) =
  let r = {inner = {a, b = copy b}, c} let r.inner.b[0] = 1.5 in (r.inner.a, r.inner.b, r.c)
entry h (xs: [][]i32) (ys: [][]i32) =
  let m = map2 (map2 (\x y -> {x, y})) xs ys
  let m = m with [1][0].y = 3 with [0, 1].x = 4
  in (map (map (.x)) m, map (map (.y)) m)
-- In a loop: the field's array is updated in place each time.
entry i (n: i64) = (loop r = {xs = replicate n 0i64, k = 0i64} for j < n do r with xs[j] = j * j).xs
-- ==
-- entry: a
-- input { [1,2] [3,4] } output { [1,7] [3,4] }
-- entry: b
-- input { [1,2,3] 4 } output { [1,9,3] }
-- entry: c
-- input { [[1,2,3],[4,5,6]] [7,8] } output { [[1,2,5],[4,5,6]] [7,8] }
-- entry: d
-- input { 1 [0f32,0f32] 3 } output { [[0f32,0f32],[0f32,2.5f32]] [1,2] }
-- entry: e
-- input { [1,2] [3,4] } output { [1,2] [1,4] }
-- entry: f
-- input { [1,2] [3,4] } output { [42,2] [3,4] }
-- entry: g
-- input { 1 [0f32, 0f32] 3 } output { 1 [1.5f32, 0f32] 3 }
-- entry: h
-- input { [[1,2],[3,4]] [[5,6],[7,8]] } output { [[1,4],[3,4]] [[5,6],[3,8]] }
-- entry: i
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }
