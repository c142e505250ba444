-- A record update must keep the field's type.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Ff]ield

def main (x: i32) = let r = {a = x} in r with a = true
