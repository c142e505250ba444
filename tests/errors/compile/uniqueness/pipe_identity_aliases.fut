-- `xs |> id` is `id xs`, which aliases xs: updating it consumes xs, a parameter that
-- is not unique.
-- ==
-- error: consum
def main (xs: []i32) =
  let b = xs |> id
  let b[0] = 9
  in b
