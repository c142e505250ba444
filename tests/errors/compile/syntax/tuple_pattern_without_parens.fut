-- A tuple pattern must be parenthesised in `let`.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched

def main (x: i32) = let a, b = x, x in a + b
