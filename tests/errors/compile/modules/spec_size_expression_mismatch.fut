-- A member sized `[n]` does not match a spec sized by an expression of an earlier value
-- spec (`t[(n - 1) / nbs + 1]`).
-- ==
-- error: `empty` is of type .*but its module type specifies

module type bits = {
  type t [n]
  val nbs : i64
  val empty : (n: i64) -> t[(n - 1) / nbs + 1]
}

module bad : bits = {
  type t [n] = [n]u8
  def nbs : i64 = 8
  def empty (n: i64) : t[n] = replicate n 0u8
}
