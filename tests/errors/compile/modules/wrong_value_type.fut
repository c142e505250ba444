-- A member's type must be the one its module type specifies.
-- ==
-- error: `op` is of type .*module type specifies `i32 -> i32 -> i32`

module type monoid = { type t  val op : t -> t -> t }
module M : monoid with t = i32 = {
  type t = i32
  def op (a: i32) (b: bool) = if b then a else 0
}
def main (x: i32) = M.op x true
