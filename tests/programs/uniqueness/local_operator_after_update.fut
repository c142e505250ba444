-- A local function used as an operator (`a \`plus1\` b`, a section) after an array it
-- does not capture was updated in place.
-- ==
-- input { [1, 1] } output { [1, 5] [2, 3] }

def main (xs: *[]i32) =
  let plus1 (a: i32) (b: i32) = a + b + 1
  let xs[1] = 2 `plus1` 2
  in (xs, map (`plus1` 1) [0, 1])
