-- A function whose result type is not written, returning a value of a sealed module's
-- abstract type, has that abstract type (not the type under it).
-- ==
-- input { 5 } output { 5 }
module m : { type t val mk : i32 -> t val get : t -> i32 } = {
  type t = u32
  def mk (x: i32) = u32.i32 x
  def get (s: t) = i32.u32 s
}
def f (x: i32) = m.mk x
entry main (x: i32) = m.get (f x)
