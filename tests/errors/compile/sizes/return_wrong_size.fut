-- Returning an [m] array where [n] is declared.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] [m] (xs: [n]i32) (ys: [m]i32) : [n]i32 = ys
