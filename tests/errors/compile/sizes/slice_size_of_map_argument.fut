-- `xs[0:i]` has size `i` (Futhark's rule for `a[0:n]`), which depends on the map's
-- argument: the rows would be irregular, which the checker rejects, as Futhark does.
-- ==
-- error: result size depends on its argument

def main (n: i64) = map (\i -> (iota 5)[0:i]) (iota n)
