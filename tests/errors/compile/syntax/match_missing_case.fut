-- A `match` whose alternatives lack the `case` keyword.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched

def main (x: i32) = match x 0 -> 1
