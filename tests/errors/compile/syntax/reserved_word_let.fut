-- `loop` is reserved and cannot be bound by `let`.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched|[Rr]eserved|[Kk]eyword

def main (x: i32) = let loop = x in loop
