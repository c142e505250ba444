-- A module type's value spec may size its arrays by an earlier value spec (`val nbs :
-- i64`, then `t[(n - 1) / nbs + 1]`), as the containers library's bitsets do: matched
-- by a module and by each application of a parametric module (whose result type is
-- checked again there, its names looked up anew), with a module's own constant in a
-- size expression (`[(n - 1) / nbs + 1]` inside the module).
-- ==
-- input { 20i64 } output { 3i64 2i64 }

module type bits = {
  type t [n]
  val nbs : i64
  val empty : (n: i64) -> t[(n - 1) / nbs + 1]
}

module mk (W: { val w : i64 }) : bits = {
  type t [n] = [n]u8
  def nbs : i64 = W.w
  def empty (n: i64) : t[(n - 1) / nbs + 1] = replicate ((n - 1) / nbs + 1) 0u8
}

module by8 = mk { def w : i64 = 8 }
module by16 = mk { def w : i64 = 16 }

module plain : bits = {
  type t [n] = [n]bool
  def nbs : i64 = 10
  def empty (n: i64) : t[(n - 1) / nbs + 1] = replicate ((n - 1) / nbs + 1) false
}

entry main (n: i64) = (length (by8.empty n), length (by16.empty n) + length (plain.empty n) - 2)
