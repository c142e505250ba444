-- Passing a [3] array where a [4] array is required.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def fourth (xs: [4]i64) = xs[3]

def main = fourth (iota 3)
