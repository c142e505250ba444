-- A local function's parameter known only by the fields it uses (`v.1`, `v.a`) takes
-- its type from the call: the field's type is not generalised apart from it.
-- ==
-- input { 2 3 } output { 3 2 5 }
def main (x: i32) (y: i32) =
  let snd v = v.1
  let geta v = v.a
  let both v = let z = v.0 in z + v.1
  in (snd (x, y), geta {a = x, b = y}, both (x, y))
