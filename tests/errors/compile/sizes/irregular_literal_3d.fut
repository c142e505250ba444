-- Irregular innermost rows in a three-dimensional literal.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Ii]rregular|[Rr]egular

def main = [[[1, 2]], [[3]]]
