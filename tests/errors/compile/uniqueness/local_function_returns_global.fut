-- The local function `pick` may return the top-level array `fallback` itself.
-- Futhark: "Function result aliases the free variable "fallback"."
-- ==
-- error: aliases the free variable `fallback`.*local function `pick`

def fallback : []f32 = [0, 1]

def main (xs: []f32) =
  let pick (use_xs: bool) = if use_xs then xs else fallback
  in pick (length xs > 2)
