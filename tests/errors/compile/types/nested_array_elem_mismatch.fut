-- Rows of different element types.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn]ot an? (array|function|tuple|record|number|numeric|integer|bool)

def main = [[1, 2], [true, false]]
