-- xs ++ ys has size 3+2, not 6.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main (xs: [3]i32) (ys: [2]i32) : [6]i32 = xs ++ ys
