-- Replacing one field of a record (`let r.x = ...`) leaves the others as they were:
-- `r.z` is still the non-unique parameter `w`, which may not be updated in place.
-- ==
-- error: Would consume `w`, which is not consumable

def main (u: *[3]i32) (w: [3]i32) =
  let r = {x = u, z = w}
  let r.x = [1, 2, 3]
  let q = r.z with [0] = 7
  in (q, w)
