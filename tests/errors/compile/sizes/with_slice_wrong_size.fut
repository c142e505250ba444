-- xs[0:3] has size 3, the new value has size 2.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] (xs: *[n]i32) (ys: [2]i32) = xs with [0:3] = ys
