-- The record has fields a and b, not c.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Ff]ield|[Rr]ecord

def main (x: i32) = let r = {a = x, b = x} in r.c
