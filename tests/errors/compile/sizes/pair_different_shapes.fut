-- Both arguments have type t, so they must have the same shape too.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def both 't (a: t) (b: t) = (a, b)

def main = both [1] [2, 3]
