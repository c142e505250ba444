-- A closure aliases the arrays it captures: once one is consumed, the closure may no
-- longer be used (it would see the array's old value).
-- ==
-- error: consumed
def main (y: i32) (quux: *[]i32) =
  let f = \(x: i32) -> x + quux[0]
  let quux[0] = 2
  in f y
