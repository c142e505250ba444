-- Rows of length 1 and 2: an irregular array is not typeable.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Ii]rregular|[Rr]egular

def main = [[1], [2, 3]]
