-- `then` is reserved and cannot name a parameter.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched|[Rr]eserved|[Kk]eyword

def main (then: i32) = then + 1
