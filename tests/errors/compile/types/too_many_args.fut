-- Applying a one-parameter function to two arguments.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def inc (x: i32) : i32 = x + 1

def main (x: i32) = inc x x
