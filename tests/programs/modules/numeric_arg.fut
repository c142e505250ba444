-- The numeric modules (f64, i32) as arguments of a parametric module: their built-in
-- operators (`R.+`, used infix), conversions (`R.i32`) and type (`R.t`).
-- ==
-- input { 2.0 5 } output { 17.0 25 6 }
-- input { -1.0 0 } output { 2.0 0 1 }
module type num = {
  type t
  val + : t -> t -> t
  val * : t -> t -> t
  val i32 : i32 -> t
}
module Poly (R: num) = {
  -- Horner's rule: c0 + x * (c1 + x * (c2 + ...)).
  def eval [n] (cs: [n]R.t) (x: R.t) : R.t = foldr (\c acc -> c R.+ x R.* acc) (R.i32 0) cs
  def sq (x: R.t) : R.t = x R.* x
}
module P64 = Poly f64
module P32 = Poly i32
entry main (x: f64) (k: i32) = (P64.eval [1, 2, 3] x, P32.sq k, P32.eval [1, 1] k)
