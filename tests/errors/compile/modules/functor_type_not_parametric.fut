-- A parameter whose module type is a parametric module's takes only a parametric module.
-- ==
-- error: not a parametric module, but its module type is one

module type num = { type t  val add : t -> t -> t }
module type doubler = (N: num) -> { val double : N.t -> N.t }
module Use (M: doubler) = { module DI = M { type t = i32  def add (a: i32) (b: i32) = a + b } }
module W = Use { def double (x: i32) = x }
