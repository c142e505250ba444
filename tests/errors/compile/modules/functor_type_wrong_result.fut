-- A parametric module ascribed a parametric module type must give, for any argument of
-- the parameter's module type, what the result type specifies.
-- ==
-- error: `double` is of type `i32 -> i32`, but its module type specifies `N.t -> N.t`

module type num = { type t  val add : t -> t -> t }
module type doubler = (N: num) -> { val double : N.t -> N.t }
module Bad : doubler = \(N: num) -> { def double (x: i32) = x }
