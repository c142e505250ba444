-- A literal with a fractional part cannot take an integer suffix.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared|[Ll]iteral|[Ss]uffix

def main : i32 = 1.5i32
