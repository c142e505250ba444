-- A type error in a parametric module's body is reported where the body has it, with
-- the application that made it.
-- ==
-- error: in the application of `F`

module type has_t = { type t  val x : t }
module F (P: has_t) = { def y : i32 = P.x + 1 }
module G = F { type t = bool  def x = true }
def main (x: i32) = x + G.y
