-- The type under a sealed module's abstract type stays hidden behind a function whose
-- result type is inferred.
-- ==
-- error: Cannot unify
module m : { type t val mk : i32 -> t } = {
  type t = u32
  def mk (x: i32) = u32.i32 x
}
def f (x: i32) = m.mk x
entry main (x: i32) = i32.u32 (f x)
