-- A call's arguments are evaluated before the function expression, so the argument's
-- in-place update of `ws` comes before `ws[0]` is read there.  Futhark: "Using
-- variable "ws", but this was consumed".
-- ==
-- error: Using `ws`, but this was consumed

def main (ws: *[]f32) =
  (let w0 = ws[0] in \(x: f32) -> x * w0) (let ws2 = ws with [0] = 1 in ws2[1])
