-- A parametric module cannot be opened before it is applied.
-- ==
-- error: parametric module cannot be opened

module type has_t = { type t }
module F (P: has_t) = { def x : i32 = 1 }
open F
def main (x: i32) = x
