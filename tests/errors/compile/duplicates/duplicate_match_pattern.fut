-- A `case` pattern that binds the same name twice.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind

def main (x: i32) = match (x, x) case (a, a) -> a
