-- A record literal may define each field only once.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind|[Ff]ield

def main (x: i32) = {v = x, v = x}
