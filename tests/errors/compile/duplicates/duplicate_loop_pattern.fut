-- A loop parameter pattern that binds the same name twice.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind

def main (n: i32) = loop (a, a) = (0, 0) for i < n do (a, a)
