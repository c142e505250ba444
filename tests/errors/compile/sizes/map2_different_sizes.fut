-- map2 on arrays of distinct declared sizes n and m.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] [m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs ys
