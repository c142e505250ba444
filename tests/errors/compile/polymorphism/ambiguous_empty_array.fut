-- The element type of an empty array result is not determined.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Pp]olymorph|[Oo]verload|[Nn]umeric|[Cc]onstrain|[Aa]mbiguous|[Rr]igid|[Ss]ize|[Ee]ntry|[Ii]nfer

def main = []
