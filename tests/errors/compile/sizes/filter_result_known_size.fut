-- The result of filter has an unknown size, not n.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Ee]xistential|[Uu]nknown

def main [n] (xs: [n]i32) : [n]i32 = filter (> 0) xs
