-- Updating a record's field in place while another field is the same array: the other
-- field would see the update.  Futhark: "shares memory with".
-- ==
-- error: Updating field `x.y` of `r` in place consumes `u`, but field `z` shares memory with it

def main (u: *[3]i32) =
  let r = {x = {y = u}, z = u}
  let r.x.y[0] = 1
  in r.z
