-- A parametric module that demands more of its argument (`t = i32`) than a parametric
-- module type's parameter promises does not have that type.
-- ==
-- error: type `t` is `N.t`, but its module type requires `i32`

module type num = { type t  val add : t -> t -> t }
module type doubler = (N: num) -> { val double : N.t -> N.t }
module Bad : doubler = \(N: num with t = i32) -> { def double (x: N.t) = N.add x x }
