-- `<` is not defined for an arbitrary type a.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Pp]olymorph|[Oo]verload|[Nn]umeric|[Cc]onstrain|[Aa]mbiguous|[Rr]igid

def less 'a (x: a) (y: a) = x < y

def main (x: i32) = less x x
