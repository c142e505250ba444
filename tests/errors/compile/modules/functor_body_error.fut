-- A type error in a parametric module's body is reported where the body has it, when the
-- module is defined: the body is checked for any argument of its parameter's module type
-- (here P.t is not a number, whatever the application below makes it).
-- ==
-- error: in the body of `F`, checked for any arguments

module type has_t = { type t  val x : t }
module F (P: has_t) = { def y : i32 = P.x + 1 }
module G = F { type t = bool  def x = true }
def main (x: i32) = x + G.y
