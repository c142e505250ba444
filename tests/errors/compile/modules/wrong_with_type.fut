-- `with t = i64` requires the module's `t` to be `i64`.
-- ==
-- error: type `t` is `i32`, but its module type requires `i64`

module type has_t = { type t }
module M : has_t with t = i64 = { type t = i32 }
def main (x: i32) = x
