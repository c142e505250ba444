-- A type defined in a module, used outside it through its qualified name, and a
-- module type abbreviation of a record.
-- ==
-- input { 2.0 3.0 } output { 25.0 3.0 }
-- input { -1.0 -1.0 } output { 0.0 0.0 }
module Vec = {
  type t = {x: f64, y: f64}
  def mk (x: f64) (y: f64) : t = {x, y}
  def add (a: t) (b: t) : t = {x = a.x + b.x, y = a.y + b.y}
  def dot (a: t) (b: t) = a.x * b.x + a.y * b.y
}
def norm2 (v: Vec.t) = Vec.dot v v
entry main (a: f64) (b: f64) =
  let v = Vec.add (Vec.mk a b) (Vec.mk 1 1)
  in (norm2 v, v.x)
