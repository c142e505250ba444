-- Tuples of different arity in one array.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn]ot an? (array|function|tuple|record|number|numeric|integer|bool)

def main = [(1, 2), (1, 2, 3)]
