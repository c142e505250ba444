-- One branch has size n, the other n+n; the result is not [n].
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] (b: bool) (xs: [n]i32) : [n]i32 = if b then xs else xs ++ xs
