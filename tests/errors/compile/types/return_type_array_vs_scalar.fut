-- The body is an array but i32 is declared.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def main (xs: []i32) : i32 = xs
