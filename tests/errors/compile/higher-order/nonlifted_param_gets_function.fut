-- A non-lifted type parameter 'a cannot be instantiated with a function type.
-- ==
-- error: [Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder|[Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)

def dup 'a (x: a) = (x, x)

def main (x: i32) = let (f, _) = dup (\y -> y + 1) in f x
