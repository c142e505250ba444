-- A tuple pattern that binds the same name twice.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind

def main (p: (i32, i32)) = let (a, a) = p in a
