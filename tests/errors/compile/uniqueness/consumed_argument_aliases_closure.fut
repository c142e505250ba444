-- `bump` reads `acc` from its closure and consumes its argument, which is `acc`
-- itself.  Futhark: "Argument is consumed, but aliases the function".
-- ==
-- error: Argument is consumed, but aliases the function .*`acc`

def main (acc: *[]i32) : i32 =
  let bump = \(dst: *[]i32) : i32 -> let dst[0] = 1 in dst[0] + acc[1]
  in bump acc
