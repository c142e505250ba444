-- A lambda with two parameters of the same name.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind

def main (xs: []i32) (ys: []i32) = map2 (\v v -> v) xs ys
