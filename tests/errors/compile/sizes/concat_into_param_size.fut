-- Appending an element changes the size n.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] (xs: [n]i32) : [n]i32 = xs ++ [0]
