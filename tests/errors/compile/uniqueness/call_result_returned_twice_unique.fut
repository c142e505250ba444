-- `pair_of` returns its argument twice, with an inferred non-unique type; `main`
-- promises two unique arrays, but both are the one result of that call.  Futhark:
-- "A unique-typed component of the return value is aliased to some other component."
-- ==
-- error: components 0 and 1 are both the result of applying `pair_of`

def pair_of v = (v, v)

def main (xs: []f32) : (*[]f32, *[]f32) =
  pair_of (map (* 2) xs)
