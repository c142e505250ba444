-- Elements of an array literal must have one type.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn]ot an? (array|function|tuple|record|number|numeric|integer|bool)

def main = [1i32, 2f32]
