-- `&&` short-circuits and may not be redefined.
-- ==
-- error: [Dd]uplicate|twice|[Aa]lready|[Aa]lso bound|more than once|[Rr]edefin|[Rr]ebind|&&|[Rr]eserved|[Ss]hort|[Nn]ot (be )?allowed|may not

def (&&) (a: bool) (b: bool) = a

def main (x: bool) = x && x
