-- A for-in loop reads an element of `xss` in every iteration, but its initial
-- value `xss` is consumed when the loop starts (the body updates it in place).
-- Futhark: "Argument is consumed, but aliases ...".
-- ==
-- error: array the loop iterates over aliases `xss`, which the loop's initial value consumes

def main (xss: *[][]i32) =
  loop yss = xss for xs in xss do yss with [0] = xs
