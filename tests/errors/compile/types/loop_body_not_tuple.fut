-- The loop has a pair parameter but the body gives an i32.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def main (n: i32) = loop (a, b) = (0, 0) for i < n do a + b
