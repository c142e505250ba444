-- The condition of `assert` must be bool.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn]ot an? (array|function|tuple|record|number|numeric|integer|bool)

def main (x: i32) = assert x x
