-- Functions cannot be compared with ==.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Ee]quality

def main (x: i32) = (\y -> y + x) == (\y -> y + x)
