-- An operator section is a closure over its operand, as a partial application is: what
-- it returns may alias the operand (Futhark's issue 1043), so `(`app` xs) id` is not a
-- fresh array that may be updated while xs is still used.
-- ==
-- error: consumed

def app 'a 'b (g: a -> b) (x: a) = g x

def main (xs: *[3]i32) : ([3]i32, [3]i32) =
  let ys = (`app` xs) id
  let ys[0] = 42
  in (xs, ys)
