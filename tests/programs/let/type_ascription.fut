-- A let binding with a type ascription on the pattern.
-- ==
-- input {} output { 3i64 2.0f32 }
def main =
  let a: i64 = 3
  let (b: f32) = 2
  in (a, b)
