-- The loop parameter is declared [n] but doubles in size.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected

def main [n] (xs: [n]i32) = loop (ys: [n]i32) = xs for i < 3 do ys ++ ys
