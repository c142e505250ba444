-- Two type parameters a and b are distinct types.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Pp]olymorph|[Oo]verload|[Nn]umeric|[Cc]onstrain|[Aa]mbiguous|[Rr]igid

def pick 'a 'b (x: a) (y: b) : a = y

def main (x: i32) = pick x x
