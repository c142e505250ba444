-- The argument of a parametric module must match its parameter's module type.
-- ==
-- error: argument for `P` .* does not define the value `zero`

module type has_zero = { type t  val zero : t }
module F (P: has_zero) = { def z = P.zero }
module G = F { type t = i32 }
def main (x: i32) = x
