-- A module of complex numbers defining `*` and `+` from the built-in ones (an
-- operator's own name is not in scope in its body; `*` comes first, as after `C.+`
-- the `+` in its body would be C's), used through `C.(e)` and as the infix `C.*`.
-- ==
-- input { 2.0 } output { 2.0 2.0 -1.0 0.0 }
-- input { 0.5 } output { 0.5 0.5 -1.0 0.0 }
module C = {
  type t = (f64, f64)
  def (*) (a: t) (b: t) : t = (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
  def (+) (a: t) (b: t) : t = (a.0 + b.0, a.1 + b.1)
  def i : t = (0, 1)
}
entry main (x: f64) =
  let z : C.t = (x, 0)
  let a = C.((z * i) + z)
  let b = C.i C.* C.i
  in (a.0, a.1, b.0, b.1)
