-- Outside its module, an abstract type is not its definition: an i32 is not a C.t.
-- ==
-- error: Cannot unify type `C.t` with type `i32`: argument 1 of `C.get`

module type counter = { type t  val zero : t  val get : t -> i32 }
module C : counter = { type t = i32  def zero : t = 0  def get (x: t) = x }
def main (x: i32) = C.get x
