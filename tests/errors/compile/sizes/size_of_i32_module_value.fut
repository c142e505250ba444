-- A module parameter's value used as a size must be an i64 too (a vector library's
-- `val length : i32`).
-- ==
-- error: the size `P.len` \(sizes are of type i64\)

module vec (P: {val len: i32}) = {
  type t = [P.len]f32
  def zero : t = replicate P.len 0
}

module v3 = vec {def len = 3i32}

entry main = v3.zero
