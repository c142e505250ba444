-- Abstract types: a module ascribed a module type with `type t` hides t's definition
-- (values of C.t are made and used only through C), and so does a parametric module's
-- result type; the program means the same as with the definitions visible.
-- ==
-- input { 3 } output { 43 true [10, 20, 30] 7.0f32 9 }
-- input { 0 } output { 40 true empty([0]i32) 7.0f32 0 }
module type counter = {
  type t
  val zero : t
  val incr : t -> t
  val get : t -> i32
  val (+) : t -> t -> t
}
module C : counter = {
  type t = i32
  def zero : t = 0
  def incr (x: t) = x + 1
  def get (x: t) = x * 10
  def (+) (a: t) (b: t) : t = a + b
}
def two = C.incr (C.incr C.zero)
def counts (n: i64) : []C.t = map (\i -> loop c = C.zero for _j < i + 1 do C.incr c) (iota n)

module type vec = {
  type t
  val mk : f32 -> f32 -> t
  val norm1 : t -> f32
}
module Mk_vec (R: { val scale : f32 }) : vec = {
  type t = [2]f32
  def mk (x: f32) (y: f32) : t = [x * R.scale, y * R.scale]
  def norm1 (v: t) = f32.abs v[0] + f32.abs v[1]
}
module V = Mk_vec { def scale : f32 = 1 }

module type stack = {
  type s
  val empty : s
  val push : i32 -> s -> s
  val size : s -> i32
}
module S : stack = {
  type s = (i32, i32)
  def empty : s = (0, 0)
  def push (x: i32) (st: s) : s = (st.0 + 1, x)
  def size (st: s) = st.0
}

entry main (k: i32) =
  (C.get (C.(two + incr (incr zero))) + k,
   C.incr C.zero == C.incr C.zero,
   map C.get (counts (i64.i32 k)),
   V.norm1 (V.mk 3 (-4)),
   S.size (loop st = S.empty for i < k * 3 do S.push i st))
