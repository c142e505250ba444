-- A parametric module whose second parameter's module type refers to the first
-- (`with t = P.t`), checked once for any arguments and applied curried.
-- ==
-- input { 4 } output { [1, 4] 5 }
-- input { -1 } output { [1, -1] 0 }
module type has = { type t  val x : t  val add : t -> t -> t }
module Both (P: has) (Q: has with t = P.t) = {
  def pair (y: P.t) = [P.x, Q.add y Q.x]
  def sum (y: P.t) = P.add P.x (Q.add y Q.x)
}
module I = { type t = i32  def x : t = 1  def add (a: t) (b: t) = a + b }
module Z = { type t = i32  def x : t = 0  def add (a: t) (b: t) = a + b }
module B = Both I Z
entry main (y: i32) = (B.pair y, B.sum y)
