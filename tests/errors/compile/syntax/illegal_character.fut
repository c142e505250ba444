-- `$` is not a character of the language.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched|[Cc]haracter|[Ll]ex|[Ii]llegal

def main (x: i32) = x $ 1
