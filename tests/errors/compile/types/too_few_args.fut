-- A partial application returned where an i32 is declared.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def add (x: i32) (y: i32) : i32 = x + y

def main (x: i32) : i32 = add x
