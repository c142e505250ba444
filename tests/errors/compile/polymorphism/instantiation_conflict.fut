-- t cannot be both i32 and bool.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Pp]olymorph|[Oo]verload|[Nn]umeric|[Cc]onstrain|[Aa]mbiguous|[Rr]igid

def same 't (x: t) (y: t) = (x, y)

def main = same 1i32 true
