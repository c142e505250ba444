-- An arbitrary (non-lifted) type a cannot be applied as a function.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch|(^|[^Nn])[Ee]xpected|[Cc]annot|[Ii]ncompatible|[Nn](ot|eeds) an? (array|function|tuple|record|number|numeric|integer|bool)|[Pp]olymorph|[Oo]verload|[Nn]umeric|[Cc]onstrain|[Aa]mbiguous|[Rr]igid|[Ff]unction|[Hh]igher|[Ll]ifted|[Oo]rder

def call 'a (f: a) = f 1

def main (x: i32) = call x
