-- A parametric module's result type hides its abstract types too: V.t is no array.
-- ==
-- error: V.t

module type vec = { type t  val mk : f32 -> f32 -> t }
module Mk (R: { val scale : f32 }) : vec = {
  type t = [2]f32
  def mk (x: f32) (y: f32) : t = [x * R.scale, y * R.scale]
}
module V = Mk { def scale : f32 = 2 }
def main (x: f32) = (V.mk x x)[0]
