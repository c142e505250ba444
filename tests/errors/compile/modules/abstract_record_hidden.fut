-- An abstract type's definition is hidden: a value of it is no record outside.
-- ==
-- error: C.t

module type point = { type t  val origin : t }
module C : point = { type t = {x: f64, y: f64}  def origin : t = {x = 0, y = 0} }
def main (d: f64) = C.origin.x + d
