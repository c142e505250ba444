-- Literals with different suffixes cannot be added.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn]ot an? (array|function|tuple|record|number|numeric|integer|bool)

def main = 1i64 + 2i32
