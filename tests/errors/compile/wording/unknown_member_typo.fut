-- A module's member a typo away.
-- ==
-- error: Unknown name `Stats.maen`: the module has no member `maen`: did you mean `Stats.mean`\?

module Stats = { def mean (xs: []f64) = f64.sum xs / f64.i64 (length xs) }

def main (xs: []f64) = Stats.maen xs
