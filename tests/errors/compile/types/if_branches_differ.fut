-- The branches of `if` must have the same type.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def main (b: bool) = if b then 1i32 else 2.0f32
