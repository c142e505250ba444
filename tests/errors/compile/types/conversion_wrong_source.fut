-- `f32.i32` converts from i32, not i64.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def main (x: i64) = f32.i32 x
