-- A record type may name each field only once.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind|[Ff]ield

def main (r: {a: i32, a: f32}) = r.a
