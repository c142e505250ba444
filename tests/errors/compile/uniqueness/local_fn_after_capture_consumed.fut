-- A local function aliases the arrays it captures, as a lambda does.
-- ==
-- error: consumed
def main (y: i32) (quux: *[]i32) =
  let f (x: i32) = x + quux[0]
  let quux[0] = 2
  in f y
