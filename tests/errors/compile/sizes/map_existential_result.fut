-- map's function must return arrays of one size; iota k depends on k.
-- ==
-- error: [Ss]ize|[Dd]imension|[Ss]hape|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Ee]xistential|[Ii]rregular

def main (ks: []i64) = map (\k -> iota k) ks
