-- The same size parameter declared twice.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind

def main [n] [n] (xs: [n]i32) = xs
