-- Inner dimensions m and k differ.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] [m] [k] (a: [n][m]i32) (b: [n][k]i32) = map2 (map2 (+)) a b
