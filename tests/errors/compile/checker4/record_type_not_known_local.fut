-- A local function's unannotated parameter has no known record type either.
-- ==
-- error: Full type of .* not known
def main (a: i32) =
  let g r = r with x = 2
  in (g {x = a, y = 1}).y
