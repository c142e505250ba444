-- transpose gives [m][n], not [n][m].
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] [m] (a: [n][m]i32) : [n][m]i32 = transpose a
