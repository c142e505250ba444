-- Rows of sizes n and m in one array literal.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Ii]rregular|[Rr]egular

def main [n] [m] (xs: [n]i32) (ys: [m]i32) = [xs, ys]
