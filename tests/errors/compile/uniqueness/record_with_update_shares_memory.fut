-- As record_field_update_shares_memory, through `with` and with the fields the same
-- array in one branch only.
-- ==
-- error: shares memory with

def main (c: bool) (u: *[3]i32) (a: *[3]i32) (b: *[3]i32) =
  let r = if c then {x = {y = u}, z = u} else {x = {y = a}, z = b}
  in (r with x.y[0] = 99).z
