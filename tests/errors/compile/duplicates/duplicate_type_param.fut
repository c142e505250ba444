-- The same type parameter declared twice.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind

def pick 'a 'a (x: a) = x

def main (x: i32) = pick x
