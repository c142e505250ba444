-- zip on arrays of distinct declared sizes.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] [m] (xs: [n]i32) (ys: [m]f32) = zip xs ys
