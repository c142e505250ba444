-- A module ascribed a module type must define every value the module type specifies.
-- ==
-- error: does not define the value `ne`

module type monoid = { type t  val op : t -> t -> t  val ne : t }
module M : monoid = {
  type t = i32
  def op (a: i32) (b: i32) = a + b
}
def main (x: i32) = M.op x x
