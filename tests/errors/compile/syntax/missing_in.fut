-- The final `let` has no `in` before its body.
-- ==
-- error: [Ss]yntax|[Pp]ars|[Uu]nexpected|[Ee]xpect|[Uu]nterminated|[Uu]nclosed|[Mm]issing|[Ii]nvalid|[Uu]nmatched

def main (x: i32) =
  let y = x + 1
  let z = y * 2
  z
