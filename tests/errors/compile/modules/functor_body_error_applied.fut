-- A parametric module whose parameter has an abstract type with parameters is checked
-- at each application: an error in its body names the application that made it.
-- ==
-- error: in the application of `F`

module type box = { type b 'a  val x : b i32 }
module F (P: box) = { def y : i32 = P.x + 1 }
module G = F { type b 'a = bool  def x : b i32 = true }
def main (x: i32) = x + G.y
